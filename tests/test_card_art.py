"""Card art: every face of every deck renders at the right size, with alpha, in the right colours.

The video driver is set to dummy before pygame is imported so the tests run headless (CI, servers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.cards import Card, Suit, deck
from ui.card_art import CardArt, font_path


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def is_red(colour: pygame.Color) -> bool:
    """A clearly red, opaque pixel: the suit red or its anti-aliased neighbours, not skin, gold or purple."""
    return colour.a > 200 and colour.r > 150 and colour.g < 90 and colour.b < 100


def count_red(surf: pygame.Surface, area: pygame.Rect | None = None) -> int:
    area = area or surf.get_rect()
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if is_red(surf.get_at((x, y)))
    )


def index_area(art: CardArt) -> pygame.Rect:
    """The top-left corner index (rank and suit pip)."""
    w, h = art.size
    return pygame.Rect(0, 0, round(w * 0.2), round(h * 0.25))


@pytest.mark.parametrize("height", [60, 240])
@pytest.mark.parametrize("deck_name", ["54", "108", "kabufuda"])
def test_every_face_renders_at_size_with_alpha(deck_name: str, height: int):
    art = CardArt(height)
    assert art.size == (round(height * 0.714), height)
    for card in deck(deck_name):
        face = art.face(card)
        assert face.get_size() == art.size, card
        assert face.get_flags() & pygame.SRCALPHA, card
        w, h = art.size
        assert face.get_at((0, 0)).a < 40, f"{card}: corners are rounded (transparent)"
        assert face.get_at((w // 2, h // 2)).a == 255, f"{card}: the middle is opaque"


def test_identical_faces_share_a_surface_and_repeat_calls_are_cached():
    art = CardArt(120)
    d = deck("108")
    assert art.face(d.card("QH")) is art.face(d.card("QH#2"))
    assert art.face(d.card("QH")) is art.face(d.card("QH"))
    kabu = deck("kabufuda")
    sevens = [c for c in kabu if c.rank == 7]
    assert len({id(art.face(c)) for c in sevens}) == 1
    assert art.face(kabu.card("1R")) is not art.face(kabu.card("1#2"))
    assert art.face(kabu.card("4S")) is not art.face(kabu.card("4#2"))


def test_back_is_cached():
    art = CardArt(140)
    back = art.back()
    assert back is art.back()
    assert back.get_size() == art.size
    assert back.get_flags() & pygame.SRCALPHA


def test_outline_is_cached_by_arguments():
    art = CardArt(140)
    ring = art.outline((255, 215, 0), 3)
    assert ring is art.outline((255, 215, 0), 3)
    assert ring is not art.outline((255, 215, 0), 5)
    assert ring.get_size() == art.size
    w, h = art.size
    assert ring.get_at((w // 2, h // 2)).a == 0, "an outline is hollow"
    assert ring.get_at((w // 2, 1)).a > 200


@pytest.mark.parametrize("height", [60, 240])
def test_faces_of_different_ranks_differ(height: int):
    art = CardArt(height)
    for suit in Suit:
        faces = [art.face(c) for c in deck("54") if c.suit is suit]
        images = {pygame.image.tobytes(f, "RGBA") for f in faces}
        assert len(images) == 13
    kabu = {pygame.image.tobytes(art.face(c), "RGBA") for c in deck("kabufuda")}
    assert len(kabu) == 12  # ten numerals plus the red pin and the ensouled four
    jokers = [c for c in deck("54") if c.is_joker]
    assert pygame.image.tobytes(art.face(jokers[0]), "RGBA") != pygame.image.tobytes(
        art.face(jokers[1]), "RGBA"
    )


@pytest.mark.parametrize("height", [60, 240])
def test_red_suits_are_red_and_black_suits_are_not(height: int):
    art = CardArt(height)
    for card in deck("54"):
        if card.suit is None:
            continue
        face = art.face(card)
        corner = count_red(face, index_area(art))
        if card.suit.is_red:
            assert corner > 0, f"{card}: red index"
            if card.rank <= 10:
                assert count_red(face) > 0
        else:
            assert corner == 0, f"{card}: black index has red pixels"
            if card.rank <= 10:  # courts carry their own colours (the queen's red robe); pip cards do not
                assert count_red(face) == 0, f"{card}: black pip card has red pixels"


def test_kabufuda_marks_are_drawn():
    art = CardArt(160)
    kabu = deck("kabufuda")
    pin, plain_one = art.face(kabu.card("1R")), art.face(kabu.card("1#2"))
    diff = sum(
        1
        for x in range(art.size[0])
        for y in range(art.size[1])
        if pin.get_at((x, y)) != plain_one.get_at((x, y))
    )
    assert diff > 200


def test_font_path_is_pygame_gui_noto_sans_jp():
    for bold, name in ((False, "NotoSansJP-Regular.otf"), (True, "NotoSansJP-Bold.otf")):
        path = Path(font_path(bold))
        assert path.name == name and path.is_file()
        assert "pygame_gui" in path.parts


def test_every_face_is_drawn_once_and_then_kept():
    """A table redraws the same cards every frame: each face is drawn once per size and kept (what it
    costs is measured by bench/ui_frames.py, not asserted here)."""
    art = CardArt(160)
    faces = {card.id: art.face(card) for card in deck("54")}
    back = art.back()
    assert all(face.get_size() == back.get_size() for face in faces.values())
    assert all(art.face(card) is faces[card.id] for card in deck("54"))
    assert art.back() is back


def test_custom_font_path_is_used():
    art = CardArt(100, font_path=font_path(bold=False))
    card = Card(0, 12, Suit.SPADES, code="QS")
    assert art.face(card).get_size() == art.size


def test_kabufuda_cards_have_their_own_narrow_shape_and_back():
    poker, kabu = CardArt(140), CardArt(140, shape="kabufuda")
    assert kabu.size == (round(140 * 0.61), 140) and kabu.size[0] < poker.size[0]
    cards = list(deck("kabufuda"))
    assert {kabu.face(c).get_size() for c in cards} == {kabu.size} and kabu.back().get_size() == kabu.size
    back = kabu.back()
    centre = back.get_at((kabu.width // 2, kabu.height // 4))
    assert centre.r > 120 and centre.g < 60 and centre.b < 60  # a vermilion field, not the navy lattice
    navy = poker.back().get_at((poker.width // 2, poker.height // 4))
    assert navy.b > navy.r


# every window size the table is laid out for (tests/test_layout.py), from the minimum to 4K
TABLE_SIZES = [
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1280, 1024),
    (1920, 1080),
    (2560, 1080),
    (3840, 2160),
]


def kabu_table_heights() -> list[int]:
    """Every card height a kabu table draws its art at (Board._base_height: the layout's own sizes, the
    rest scaled from them): your hand, the stock and field, the other seats' hands and revealed hands."""
    from ui.card_art import ASPECTS
    from ui.table.layout import Layout

    heights = set()
    for w, h in TABLE_SIZES:
        for players in range(2, 7):
            lay = Layout(w, h, players, 0, ASPECTS["kabufuda"], seat_piles=1)
            heights |= {lay.small_card_h, lay.reveal_card_h, lay.pile_card_h, lay.hand_card_h}
    return sorted(heights)


def test_the_kabufuda_deck_is_drawn_distinctly_at_every_size_the_table_uses():
    """At each height: every one of the 40 cards renders at the kabufuda size; the ten numbers, the red
    pin and the ensouled four are twelve different faces (the copies of a plain number are alike, as on
    real kabufuda), none of them the back; the red pin carries vermilion that no plain card has, and
    the ensouled four differs from a plain four by its gold rule and 魂 medallion."""
    kabu = deck("kabufuda")
    heights = kabu_table_heights()
    assert heights[0] < 50 and heights[-1] > 380  # from an 800x600 fan to a 4K hand
    for height in heights:
        art = CardArt(height, shape="kabufuda")
        faces = {c.code: art.face(c) for c in kabu}
        assert {f.get_size() for f in faces.values()} == {art.size}
        images = {pygame.image.tobytes(f, "RGBA") for f in faces.values()}
        assert len(images) == 12, f"height {height}"
        assert pygame.image.tobytes(art.back(), "RGBA") not in images
        vermilion = [
            sum(
                1
                for x in range(art.width)
                for y in range(art.height)
                if _vermilion(faces[code].get_at((x, y)))
            )
            for code in ("1R", "1#2", "7", "10")
        ]
        assert vermilion[0] > 3 * height // 4 and vermilion[1:] == [0, 0, 0], f"height {height}: {vermilion}"
        soul, four = faces["4S"], faces["4#2"]
        diff = sum(
            1
            for x in range(art.width)
            for y in range(art.height)
            if soul.get_at((x, y)) != four.get_at((x, y))
        )
        assert diff > art.width * art.height // 10, f"height {height}"


def _vermilion(colour: pygame.Color) -> bool:
    """The red pin's bright vermilion (its frame and seal), not the maroon of every card's field."""
    return colour.a > 200 and colour.r > 200 and 40 < colour.g < 110 and colour.b < 80
