"""Issue 17: a person's time to act is shown as a clock on the table: a dial on the plate of the seat
whose time runs, which empties as the seconds go. Here: it fits at every size beside whatever else the
plates carry, it empties, and it is gone when no clock runs."""

from __future__ import annotations

import pytest
from test_layout import SIZES, app, problems, table  # noqa: F401  (app: the shared fixture)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("preset", "players"), [("app", 6), ("super", 8), ("kabu", 4), ("jda", 4)])
def test_a_dial_on_every_plate_fits_without_overlaps(app, size, preset, players):  # noqa: F811
    scene = table(app, size, preset, players)
    scene.board.seat_clocks = {seat: (12.4, 30.0) for seat in range(players)}
    scene.draw(app.screen)
    assert set(scene.board.clocks_drawn) == set(range(players))
    for seat, (rect, seconds) in scene.board.clocks_drawn.items():
        assert seconds == 13
        assert scene.board.regions[f"plate:{seat}"].contains(rect), seat  # drawn on the seat's own plate
    found = problems(scene, size)
    assert not found, "\n".join(found)


def test_the_dial_empties_as_time_runs_out_and_goes_with_the_clock(app):  # noqa: F811
    scene = table(app, (1280, 720), "app", 3)
    board = scene.board

    def filled(left: float) -> int:
        board.seat_clocks = {1: (left, 30.0)}
        scene.draw(app.screen)
        rect, _seconds = board.clocks_drawn[1]
        gold = (236, 196, 92)
        return sum(
            app.screen.get_at((x, y))[:3] == gold
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        )

    full, half = filled(29.9), filled(15.0)
    assert full > half > 0
    board.seat_clocks = {}
    scene.draw(app.screen)
    assert board.clocks_drawn == {}
