"""Issue 17: the short table code (net.tablecode) a guest can type instead of an address."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.tablecode import BadCode, decode, encode, looks_like_code


@given(st.integers(0, 2**32 - 1), st.integers(1, 65535))
@settings(deadline=None)  # a loaded machine must not fail it
def test_every_address_and_port_comes_back_from_its_code(number, port):
    host = str(ipaddress.IPv4Address(number))
    code = encode(host, port)
    assert decode(code) == (host, port)
    assert decode(code.lower().replace("-", " ")) == (host, port)  # however it is typed
    assert looks_like_code(code)


@pytest.mark.parametrize(
    ("host", "port", "length"),
    [
        ("192.168.1.20", 47000, 6),
        ("192.168.1.20", 47001, 9),
        ("10.0.3.7", 47000, 7),
        ("172.16.0.9", 47000, 12),
    ],
)
def test_the_usual_lan_addresses_get_the_shortest_codes(host, port, length):
    code = encode(host, port)
    assert len(code.replace("-", "")) == length
    assert decode(code) == (host, port)


@given(st.integers(0, 2**32 - 1), st.integers(1, 65535), st.data())
@settings(deadline=None)
def test_a_mistyped_character_is_caught_rather_than_sending_the_guest_elsewhere(number, port, data):
    code = encode(str(ipaddress.IPv4Address(number)), port).replace("-", "")
    i = data.draw(st.integers(1, len(code) - 1))
    wrong = data.draw(st.sampled_from([c for c in "0123456789ABCDEFGHJKMNPQRSTVWXYZ" if c != code[i]]))
    with pytest.raises(BadCode):
        decode(code[:i] + wrong + code[i + 1 :])


def test_look_alike_letters_read_as_the_digits_they_resemble():
    code = encode("192.168.0.1", 47000)  # H-0001-?
    assert decode(code.replace("0", "O")) == ("192.168.0.1", 47000)


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "empty"), ("Z-1234-5", "starts with"), ("H-12", "characters"), ("H-U000-0", "not in a table code")],
)
def test_a_bad_code_says_why(text, words):
    with pytest.raises(BadCode, match=words):
        decode(text)


def test_an_address_is_not_taken_for_a_code():
    assert not looks_like_code("192.168.1.20:47000")
    assert not looks_like_code("[::1]:47000")
    assert not looks_like_code("")


def test_a_guest_types_the_code_on_the_join_screen_and_reaches_the_lobby(tmp_path, monkeypatch):
    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, run_until
    from uikit import frames, make_app

    from net.tablecode import encode
    from ui.scenes.lan import JoinScene, LobbyScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=2)
    app = make_app()
    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.join_address("H-0000-0")  # a typo: said, and nothing is tried
        assert join.attempt is None and "typo" in join.error
        join.join_address(encode("127.0.0.1", far.host.port).lower())
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        assert far.host.seats[0].kind == "person"
    finally:
        app.close()
        far.close()


def test_the_lobby_shows_the_code_for_each_lan_address(tmp_path, monkeypatch):
    import uikit  # noqa: F401  (the dummy video driver)
    from uikit import frames, make_app

    from net.tablecode import decode
    from ui.scenes.lan import HostScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app((800, 600))
    try:
        scene = HostScene(app)
        app.stack.push(scene)
        frames(app, 2)
        scene.announce = False
        scene.open_table(port=0)
        lobby = app.stack.top
        lobby.addresses = ["192.168.1.20", "fe80::1"]
        codes = lobby.codes()
        assert len(codes) == 1 and decode(codes[0]) == ("192.168.1.20", lobby.session.host.port)
        lobby.build()
        frames(app, 2)
        assert codes[0] in lobby.share.html_text
    finally:
        app.close()


def test_main_join_takes_a_table_code():
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run(
        [sys.executable, "main.py", "join", "H-0000-0"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "typo" in done.stderr and "Traceback" not in done.stderr
