"""Refusal reasons in the player's language.

The engine explains every refused action in an English sentence (for logs, tests and the wire). The
table shows the reasons a person at the table can meet in their own language: each pattern below maps
an engine sentence, with its details, to a translation key. Anything unknown is shown as it is.
"""

from __future__ import annotations

import re

from ..text import tr

PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"it is seat (?P<seat>\d+)'s turn, not yours"), "reason.not_your_turn"),
    (
        re.compile(r"(?P<card>\S+) does not match the field: play a (?P<suit>\S+) or a (?P<rank>\S+)"),
        "reason.no_match",
    ),
    (re.compile(r"(?P<card>\S+) does not match the field card (?P<field>\S+)"), "reason.no_match_field"),
    (re.compile(r"a 2 is pending: play a 2 or draw (?P<count>\d+)"), "reason.two_pending"),
    (re.compile(r"binding is on: .* or draw (?P<count>\d+)"), "reason.binding"),
    (re.compile(r"wait: the reaction window.*"), "reason.window_open"),
    (re.compile(r"the stock and the field pile are empty, so you must play a card"), "reason.must_play"),
    (re.compile(r"you did not declare last one.*"), "reason.no_last_one"),
    (re.compile(r"a lone strong attack card cannot be discarded.*"), "reason.lone_joker"),
    (re.compile(r"your hand adds up to (?P<total>\d+), not (?P<target>\d+)"), "reason.wrong_sum"),
    (re.compile(r"you need at least two cards to call dobon"), "reason.one_card"),
    (re.compile(r"you cannot call dobon on your own card"), "reason.own_card"),
    (re.compile(r"there is no card to call dobon on now"), "reason.nothing_to_call"),
    (re.compile(r"you are not being asked about this card.*"), "reason.not_asked"),
    (re.compile(r"no run of recent discards adds up to your hand's (?P<total>\d+)"), "reason.no_run"),
    (re.compile(r"a hand that mixes a 0 with other cards cannot call dobon"), "reason.mixed_joker"),
    (re.compile(r"the round has not started: .*"), "reason.auction"),
    (re.compile(r"the round is over.*"), "reason.round_over"),
    (re.compile(r"(?P<card>\S+) is not in your hand"), "reason.not_in_hand"),
    # super
    (re.compile(r"a play may never empty your hand.*"), "reason.never_empty"),
    (re.compile(r"(?P<count>\d+) cards are pending: play an A or a 2, or take them"), "reason.draw_pending"),
    (re.compile(r"the common pile is red: .*"), "reason.colour_red"),
    (re.compile(r"the common pile is black: .*"), "reason.colour_black"),
    (
        re.compile(r"(?P<card>\S+) matches neither the suit nor the rank of (?P<field>\S+)"),
        "reason.no_suit_rank",
    ),
    (re.compile(r'"last" is said only with the play that leaves one card'), "reason.last_only"),
    (re.compile(r"your hand matches none of the revealed hands: no counter"), "reason.no_counter"),
    (re.compile(r"your hand cannot add up to (?P<values>.+) \((?P<card>\S+)\)"), "reason.cannot_add"),
    # jda
    (
        re.compile(r"out of turn you may place only cards of the field card's number, (?P<number>\S+) .*"),
        "reason.jda.out_of_turn",
    ),
    (re.compile(r"a play must leave at least one card in your hand.*"), "reason.jda.keep_one"),
    (
        re.compile(
            r"(?P<card>\S+) matches neither the suit nor the number of the field card (?P<field>\S+) .*"
        ),
        "reason.jda.no_match",
    ),
    (
        re.compile(r"a 2 chain is pending: play 2s, or take the (?P<count>\d+) cards it owes.*"),
        "reason.jda.chain",
    ),
    (
        re.compile(r"(?P<card>\S+) is not a (?P<number>\S+): every further card of a play.*"),
        "reason.jda.same_number",
    ),
    (
        re.compile(r"your hand adds up to (?P<total>\d+), not (?P<target>\d+) \(.*\): no dobon .*"),
        "reason.jda.wrong_sum",
    ),
    (re.compile(r"only the turn player takes from the stock.*"), "reason.jda.no_take"),
    (re.compile(r"no card may be placed while a dobon is being answered.*"), "reason.jda.deciding"),
    (re.compile(r"nobody takes from the stock while a dobon is being answered.*"), "reason.jda.deciding"),
    (re.compile(r"you threw your hand in: .*"), "reason.jda.thrown"),
    # kabu
    (
        re.compile(
            r"(?P<card>\S+) is (?P<side>odd|even), and the field \((?P<field>[^)]*)\) has no \S+ card: .*"
        ),
        "reason.kabu.parity",
    ),
    (
        re.compile(
            r"a set must add up to ONE card of the last play \((?P<field>[^)]*)\), not to their sum (?P<sum>\d+).*"
        ),
        "reason.kabu.set_whole",
    ),
    (
        re.compile(
            r"a set of cards must add up to a field card \((?P<field>[^)]*)\); these add up to (?P<sum>\d+).*"
        ),
        "reason.kabu.set_sum",
    ),
    (re.compile(r"a 2 was played: you may play only 2s, or draw (?P<count>\d+) .*"), "reason.kabu.forced"),
    (
        re.compile(r"several 2s must add up to one card of the last play \((?P<field>[^)]*)\).*"),
        "reason.kabu.twos_sum",
    ),
    (re.compile(r"you declared dobon: put out at least one trump.*"), "reason.kabu.trumps_first"),
    (re.compile(r"your hand totals (?P<total>\d+): a total past 13 never dobons.*"), "reason.kabu.over"),
    (
        re.compile(r"your hand totals (?P<total>\d+), which does not match (?P<target>\S+) .*"),
        "reason.kabu.no_match",
    ),
    (re.compile(r"you cannot dobon your own card.*"), "reason.kabu.own"),
    (re.compile(r"an empty hand cannot dobon.*"), "reason.kabu.empty"),
    # any preset that lets the next player act during a window (Rulebook.queues_turn)
    (re.compile(r"your next action is already on its way.*"), "reason.queued"),
]


def explain(reason: str) -> str:
    for pattern, name in PATTERNS:
        match = pattern.fullmatch(reason)
        if match:
            params = {k: _param(k, v) for k, v in match.groupdict().items()}
            return tr(name, **params)
    return reason


def _param(name: str, value: str) -> str:
    """A detail as the player reads it: seats count from 1; "10 or 19" in the player's language."""
    if name == "seat":
        return str(int(value) + 1)
    if name == "values":
        return value.replace(" or ", tr("table.or"))
    if name == "side":  # kabu's parity, in the player's language
        return tr(f"table.kabu.{value}").lower()
    if name in ("card", "target", "field"):  # a card as a player names it: no copy number ("7#2")
        value = re.sub(r"#\d+", "", value)
        if value in ("1R", "4S"):  # kabu's named cards
            return tr(f"card.kabu.{value[1]}")
    return value
