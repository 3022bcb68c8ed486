"""`jda` (日本ドボン協会公認ルール) at the table: the seat draw, the 2 chain's doubling debt, the
dobon-gaeshi clock and throw-in, deal sizes and laps on the plates, and between games how they moved
and who deals next."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.actions import is_call

from ..text import card_text, tr
from ..theme import GOLD, WHITE
from . import PresetUI

if TYPE_CHECKING:
    from game.scores import Score
    from game.view import SeatView

    from ..table.roles import BoardLike, TableLike


class UI(PresetUI):
    cost_unit = "steps"  # a lost round is a step up in deal size
    new_game_options = (
        ("games", "new.jda.games"),
        ("time_limit_min", "new.jda.time_limit_min"),
        ("min_games", "new.jda.min_games"),
        ("turn_time_limit_s", "new.jda.turn_time_limit_s"),
        ("seat_draw", "new.jda.seat_draw"),
        ("gaeshi_time_limit", "new.jda.gaeshi_time_limit"),
    )
    target_title = "table.jda.choose_top"  # a dobon names the card put on top of the hand (JD12)
    result_title = "results.jda.title"  # jda counts games (試合), not rounds
    next_label = "results.jda.next"
    rounds_axis = "results.jda.games_axis"
    where_round = "review.jda.where_round"  # "Game 3"; "Match 2, game 1"
    where_match_round = "review.jda.where_match_round"
    again_label = "history.jda_again"
    review_head = "review.jda.head"  # a loss in steps of deal size
    stats_units = ("stats.jda.games", "stats.matches")
    stats_parts = (("lap", "gain"), ("deal", "level"))  # laps completed a game; the deal size held
    log_round = "log.jda.game"
    log_resumed = "log.jda.resumed"
    rule_codes: ClassVar[dict[str, str]] = {"deal": "§5", "lap": "§5"}  # jda.md §5: deal size and laps

    def own_card(self, view: SeatView, seat: int | None) -> bool:
        """A dobon now would be on a card `seat` placed itself: it loses (self-dobon, JD15)."""
        return view.window is None and seat is not None and view.extra.get("placer") == seat

    def call_title(self, view: SeatView, seat: int | None) -> str:
        return tr("table.jda.self_dobon" if self.own_card(view, seat) else self.target_title)

    def confirm_call(self, view: SeatView, seat: int) -> bool:
        return self.own_card(view, seat)

    def turn_limit_s(self, view: SeatView) -> float | None:
        """[JD21] stalling: over this the turn player takes 2 cards (off unless set)."""
        limit = view.options.get("turn_time_limit_s", 0)
        return float(limit) if limit and view.window is None else None

    def match_clock(self, view: SeatView, left_s: float) -> str:
        """[JD20] once the time is up the match ends after the game that reaches the minimum of games."""
        if left_s > 0:
            return super().match_clock(view, left_s)
        more = view.extra.get("games_needed", 0)  # the rulebook's count (JD20)
        if more > 0:
            return tr("table.jda.time_up_more", games=more)
        return tr("table.jda.time_up_last")

    def chain_label(self, cards: int) -> str:
        return tr("table.jda.owes", cards=cards)  # 2^n to take, or a 2 to pass it on doubled

    def pass_label(self, action: Any) -> str | None:
        """The throw-in (放棄, JD13): a flagged pass in a gaeshi window."""
        return tr("table.jda.throw_in") if action.flag else None

    def window_deadline_s(self, view: SeatView) -> tuple[float, float]:
        """The gaeshi window's clock (JD13): (the seconds in which a gaeshi is always valid, the
        seconds after which the window closes at the latest now). Once anyone has thrown in since the
        chain's first dobon the window closes when the 3 seconds are up."""
        options = view.options
        sure = float(options.get("gaeshi_ms", 3000)) / 1000
        cap = float(options.get("gaeshi_max_ms", 10000)) / 1000
        limited = bool(options.get("gaeshi_time_limit", True))
        return sure, sure if limited and view.extra.get("thrown") else cap

    def draw_window_panel(self, surface: pygame.Surface, table: TableLike) -> bool:
        """Dobon-gaeshi (JD13): every window in jda is on a dobon, so its panel shows the top card a
        gaeshi answers, who put it there, what your hand adds up to, and the clock: a gaeshi within the
        first seconds always counts; after that the window stays open only until someone throws a hand
        in (or its cap)."""
        from ..table.board import draw_dial  # the board's dial, drawn the same as the turn clock

        view = table.source.view
        window = view.window
        board, lay = table.board, table.board.layout
        if window is None or lay is None:
            return False
        clock = self.window_deadline_s(view)
        elapsed = table.window_elapsed()
        title_size = max(15, int(lay.unit * 0.03))
        small = max(12, int(lay.unit * 0.022))
        card_h = int(max(40, min(lay.pile_card_h * 0.85, lay.band()[3] - 24)))
        top = window.cards[-1]
        lines = [
            (tr("table.jda.gaeshi_on", card=card_text(top)), title_size, WHITE),
            # the caller's whole hand is the laid cards face up by their plate (which counts them as
            # laid down, none held): say whose they are
            (
                tr(
                    "table.jda.called_with",
                    name=board.seat_name(window.placer),
                    cards=" ".join(card_text(c) for c in window.cards),
                ),
                small,
                (225, 232, 225),
            ),
        ]
        if table.person is not None and window.waiting_for_me:
            total = sum(c.rank for c in view.hand)
            can = any(is_call(a) for a in table.legal())
            key_ = "table.jda.gaeshi_can" if can else "table.jda.gaeshi_cannot"
            lines.append((tr(key_, total=total, target=top.rank), small, GOLD if can else (210, 220, 210)))
        sure, cap = clock
        if elapsed < sure:
            # whole seconds, rounded up as the dial beside it shows them
            note = tr("table.jda.clock_sure", seconds=math.ceil(sure - elapsed))
        elif cap > sure:
            note = tr("table.jda.clock_open", seconds=f"{max(0.0, cap - elapsed):.0f}")
        else:
            note = tr("table.jda.clock_closing")
        lines.append((note, small, (230, 230, 220)))

        def tall(rows) -> int:
            return sum(board.font(size, True).get_linesize() + 4 for _t, size, _c in rows) + 16

        if tall(lines) > max(card_h + 20, lay.band()[3]):
            del lines[1]  # a short window: who called is in the log and the splash
        width = int(card_h * 0.8 + card_h * 1.1 + title_size * 22)
        panel = table.panel(surface, max(card_h + 20, tall(lines)), width)
        card_rect = board.blit_card(surface, top, (panel.x + 14 + card_h * 0.36, panel.centery), card_h)
        pygame.draw.rect(surface, GOLD, card_rect.inflate(6, 6), 3, border_radius=10)
        x = card_rect.right + 16
        room = panel.right - 12 - x - (card_h // 2 + 16)
        y = panel.y + 10
        for text, size, colour in lines:
            surf = board.text(board.fit(text, size, room), size, colour, True)
            surface.blit(surf, (x, y))
            y += surf.get_height() + 4
        # the 3-second dial, then what is left of the open window
        r = max(12, card_h // 4)
        centre = (panel.right - r - 14, panel.centery)
        span, left = (sure, sure - elapsed) if elapsed < sure else (max(cap - sure, 0.001), cap - elapsed)
        colour = GOLD if elapsed < sure else (200, 90, 80)
        digits = (20, 20, 20) if elapsed < sure else WHITE
        draw_dial(board, surface, centre, r, left / span, math.ceil(max(0.0, left)), colour, digits)
        board.regions["clock"] = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
        return True

    # ------------------------------------------------------------------ between games

    def result_line(self, item: str, value: int, before: Score | None) -> str | None:
        """A deal size or lap as it moved: "deal 6 → 8", "lap 0 → 1"."""
        if item not in ("deal", "lap"):
            return None
        old = before[item] if before is not None else None
        label = tr(f"table.jda.{item}")
        return f"{label} {value}" if old is None else f"{label} {old} → {value}"

    def result_more(self, seat: int, result: Any, before: Score | None, after: Score) -> list[str]:
        """A winner whose deal size did not move: it is already the smallest (§5)."""
        if seat in result.winners and not any(line.seat == seat for line in result.lines):
            return [tr("results.jda.stays", deal=after["deal"])]
        return []

    def result_notes(self, view: SeatView, names: list[str]) -> list[str]:
        """Under the result's title: who deals the next game, and whether the table is reseated."""
        notes = []
        dealer = view.extra.get("next_dealer", -1)
        if 0 <= dealer < len(names) and view.phase == "round-over":
            notes.append(tr("results.jda.next_dealer", name=names[dealer]))
        if view.extra.get("reseat") and view.phase == "round-over":
            notes.append(tr("results.jda.reseat"))
        return notes

    # ------------------------------------------------------------------ the preset's events

    def on_SeatsDrawn(self, board: BoardLike, event: Any) -> bool:
        """The seat draw (§1, JD19): what each seat drew, in the log, and who deals."""
        drawn = ", ".join(
            f"{board.seat_name(s)} {card_text(c)}" for s, c in zip(event.seats, event.cards, strict=False)
        )
        # a draw for seats comes just before the deal, whose log starts afresh: it carries them over
        log = board.log if event.why == "dealer" else board.carry
        log.append(board.said(f"log.jda.drawn_{event.why}", cards=drawn))
        lay = board.layout
        if event.why != "reseat" and lay is not None:
            log.append(board.said("log.jda.dealer", event.dealer))
            board.splash(tr("table.jda.dealer"), event.dealer, 1.2, lay.centre)
            board.wait = 0.6
            return True
        return False

    def on_HandThrownIn(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said("log.jda.thrown_in", event.seat))
        return False

    def plate_badge(self, view: SeatView, seat: int) -> str | None:
        """A hand thrown in during dobon-gaeshi is void for the rest of the game (JD13)."""
        return tr("table.jda.thrown_badge") if seat in view.extra.get("thrown", ()) else None
