"""Scores in a preset's own terms (game.scores.Score): one number for app and standard, named parts
for a preset that keeps more; the same standing reaches views, events, the wire, sim and the table."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game import Game, make_rules
from game.events import RoundDealt, RoundEnded, event_from_json
from game.headless import simulate
from game.rules.app import AppRulebook, AppRules
from game.scores import Score
from game.view import SeatView


class LapsBook(AppRulebook):
    """app, scored as a lap and a deal size (as jda keeps them), made up from the points."""

    def score(self, game, seat):
        return Score((("lap", game.scores[seat] // 1000), ("deal", 5 + seat)))


def laps_game() -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return LapsBook(self)

    return Game(Rules(players=3), 3)


def test_one_number_by_default_and_named_parts_where_a_preset_keeps_more():
    plain = Game(make_rules("app", 3), 1)
    assert plain.standings() == (Score.points(1000),) * 3 and plain.standings()[0].headline == 1000
    laps = laps_game()
    assert laps.standings()[2] == Score((("lap", 1), ("deal", 7)))
    assert laps.standings()[2]["deal"] == 7 and laps.standings()[2].text() == "lap 1, deal 7"


def test_the_standing_reaches_views_events_and_the_wire():
    g = laps_game()
    view = g.view(0)
    assert view.standings == g.standings()
    assert SeatView.from_json(view.to_json()).standings == g.standings()
    dealt = g.events[0]
    assert isinstance(dealt, RoundDealt) and dealt.standings == g.standings()
    assert event_from_json(dealt.for_seat(1).to_json(), g.deck).standings == g.standings()


def test_sim_reports_each_seats_final_score():
    summary, game = simulate("app", 3, ["normal"], 4, 2)
    seats = summary.to_json()["seats"]
    assert [s["score"] for s in seats] == [{"points": v} for v in game.scores]
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    assert ended[-1].standings == game.standings()


@pytest.mark.parametrize("bad", [{}, {"lap": "2"}, {"lap": True}, [1]])
def test_a_score_from_the_wire_is_checked(bad):
    with pytest.raises(ValueError):
        Score.from_json(bad)


def test_the_plates_show_each_part_by_name(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    import uikit

    from ui.text import score_text

    app = uikit.make_app()
    try:
        assert score_text(Score.points(1000)) == "1000 pts"
        assert score_text(Score((("lap", 2), ("deal", 7)))) == "2 laps · deal 7"  # laps are a count
        assert score_text(Score((("lap", 0), ("deal", 4)))) == "0 laps · deal 4"  # from 0, as the spec
        assert score_text(Score((("lap", 1), ("deal", 4)))) == "1 lap · deal 4"
        assert score_text(Score((("odd", 3),))) == "odd 3"  # a part with no translation: its name
        app.set_language("ja")
        assert score_text(Score.points(1000)) == "1000点"
    finally:
        app.set_language("en")
        app.close()


def test_the_match_chart_plots_each_seats_headline_part():
    """The results chart draws the preset's own headline (a lap here), not the raw points behind it."""
    from game.headless import play
    from game.seats import make_seat
    from ui.scenes.results import score_history

    g = laps_game()
    play(g, [make_seat("basic", 1, s) for s in range(3)], 3)
    rows = score_history(g.events)
    assert len(rows) == 4  # the first deal, then after each of three rounds
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    assert rows[1:] == [[s.headline for s in e.standings] for e in ended]
    assert rows[-1] == [score // 1000 for score in g.scores]  # laps, not points
    plain = Game(make_rules("app", 3), 1)
    assert score_history(plain.events) == [[1000, 1000, 1000]]
