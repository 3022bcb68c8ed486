"""Translations: one lookup for widgets (pygame-gui's own translation support) and for text the table
draws itself. Strings live in assets/translations/dobon.<lang>.json; `tr("title.solo")` looks up
"dobon.title.solo" in the current language, falling back to English."""

from __future__ import annotations

import re

import i18n

from game.cards import RANK_LETTERS

from .resources import resource_path

LANGUAGES = ("en", "ja")
NAMESPACE = "dobon."
_ready = False


def translations_dir() -> str:
    return str(resource_path("translations"))


def setup(language: str) -> None:
    """Make the translations available before (or without) a UIManager, e.g. in tests."""
    global _ready
    if not _ready:
        i18n.set("file_format", "json")
        i18n.set("fallback", "en")
        i18n.set("skip_locale_root_data", False)
        if translations_dir() not in i18n.load_path:
            i18n.load_path.append(translations_dir())
        _ready = True
    i18n.set("locale", language)
    install_cjk_line_breaks()


def tr(key: str, **params: object) -> str:
    """The text for `key` in the current language; `%{name}` placeholders are filled from params."""
    return i18n.t(NAMESPACE + key, **params)


class Said(str):
    """Text translated from a key that can say itself again in the language now chosen: the table's
    log keeps its lines as these, so lines already shown follow a language switch mid-game. Params
    that are themselves `Said` (a colour's name, "You") are said again with it."""

    key: str
    params: dict[str, object]
    language: str

    def __new__(cls, key: str, **params: object) -> Said:
        said = super().__new__(cls, tr(key, **params))
        said.key, said.params, said.language = key, params, i18n.get("locale")
        return said

    def now(self) -> Said:
        """This text in the language now chosen (itself while the language is the same)."""
        if self.language == i18n.get("locale"):
            return self
        params = {k: v.now() if isinstance(v, Said) else v for k, v in self.params.items()}
        return Said(self.key, **params)


def card_text(card) -> str:
    """A card as the table writes it in words (the log): ♥Q, ♠10 ...; a joker by name, since the
    fonts have no joker glyph; a card of the second deck (super with two decks) says so: ♠7 (deck 2)."""
    if getattr(card, "kabufuda", False):  # a kabufuda card by its number (copies are one card to a player)
        return tr(f"card.kabu.{card.mark}") if card.mark else str(card.rank)
    face = (
        tr("card.joker") if card.is_joker else card.suit.symbol + RANK_LETTERS.get(card.rank, str(card.rank))
    )
    return tr("card.pack", card=face, n=card.pack) if card.pack > 1 else face


_SECOND_DECK = re.compile(r"([♠♥♦♣](?:10|[2-9AJQK]))#2|🃏([2-4])?")
# a kabufuda card's copy (``5#3``: the third 5): copies are one card to a player, so the number alone
_KABU_COPY = re.compile(r"(?<![♠♥♦♣\w#])(1[0-2]|[1-9])#\d\b")


def cards_in_words(text: str) -> str:
    """Cards as an action's text writes them (``♠7#2``, ``🃏3``, ``5#3``: game.actions) as the table
    does: the second deck's named so (``♠7 (deck 2)``), a joker by name, a kabufuda copy by its number."""

    def word(match: re.Match) -> str:
        if match.group(1):
            return tr("card.pack", card=match.group(1), n=2)
        joker = tr("card.joker")
        return tr("card.pack", card=joker, n=2) if match.group(2) in ("3", "4") else joker

    return _KABU_COPY.sub(r"\1", _SECOND_DECK.sub(word, text))


def rules_text(preset: str, part: str = "body") -> str:
    """A preset's rules text (assets/translations/rules.<lang>.json) in the current language."""
    return i18n.t(f"rules.{preset}.{part}")


def key(name: str) -> str:
    """The full key for a pygame-gui widget's text, so the widget re-translates when the language changes."""
    return NAMESPACE + name


# ---------------------------------------------------------------------------------- line breaking

# a line may not start with closing punctuation, nor end with an opening bracket (kinsoku shori)
NO_LINE_START = set(
    "、。，．・：；？！ー）」』】〕〉》）］｝ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥"
)
NO_LINE_END = set("（「『【〔〈《（［｛")


def _cjk(ch: str) -> bool:
    """Kana, CJK ideographs and full-width forms: text that is written without spaces."""
    o = ord(ch)
    return 0x3000 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


def break_points(text: str) -> list[int]:
    """Where a line of `text` may break: after a space, as pygame-gui does, and between Japanese
    characters (not inside a run of Latin letters or digits, and never against kinsoku)."""
    points = []
    for i in range(1, len(text)):
        prev, cur = text[i - 1], text[i]
        if prev == " " or (
            (_cjk(prev) or _cjk(cur))
            and cur not in NO_LINE_START
            and prev not in NO_LINE_END
            and not (cur.isascii() and cur.isalnum())
            and not (prev.isascii() and prev.isalnum())
        ):
            points.append(i)
    return points


def install_cjk_line_breaks() -> None:
    """pygame-gui wraps text boxes only at spaces, so Japanese (written without them) broke early at the
    odd space or was hyphenated mid-word. Its text chunks keep their break points in `split_points`,
    always recomputed from the chunk's text; make that a property computed by `break_points`."""
    from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont

    if isinstance(TextLineChunkFTFont.__dict__.get("split_points"), property):
        return

    def get(chunk) -> list[int]:
        cached = chunk.__dict__.get("_break_points")
        if cached is None or cached[0] != chunk.text:
            cached = (chunk.text, break_points(chunk.text))
            chunk.__dict__["_break_points"] = cached
        return cached[1]

    def put(chunk, _value) -> None:
        """pygame-gui assigns the space-only list; the text decides instead."""

    TextLineChunkFTFont.split_points = property(get, put)  # type: ignore[attr-defined]


def score_text(score) -> str:
    """A seat's score (game.scores.Score) as the plates and results show it: each part translated
    by name (standing.<name>), e.g. "1000 pts", or "lap 2 · deal 7"."""
    parts = []
    for name, value in score.parts:
        text = tr(f"standing.{name}", value=value)
        parts.append(f"{name} {value}" if text.endswith(f"standing.{name}") else text)  # untranslated
    return " · ".join(parts)
