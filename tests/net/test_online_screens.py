"""The online screens in the real app, headless: host from the menu, join from the discovered list,
play, lose the connection and resume. All traffic stays on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.net import Client, Host, LinkState, NetRules, Timeouts
from game.net.discovery import Announcer
from game.rules import Stone
from game.storage import Settings
from game.scenes.stats.scene import _label
from game.storage.saved_records import open_record
from game.storage.stats import online_level
from game.ui import chrome
from game.ui.layout_check import RecordingSurface, recording

from net_helpers import LOOPBACK

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gui"))
from gui_driver import click, click_button, frames  # noqa: E402

LOCAL = Settings(player_name="Alice", online_interface=LOOPBACK, online_port=0, discovery_interface=LOOPBACK,
                 discovery_address=LOOPBACK)
FAST = Timeouts(heartbeat=0.2, silence=2.0, line=1.0, handshake=5.0, connect=5.0)


def run(app, others, until, seconds=15.0):
    """App frames and the headless peer's polls until `until()` (bounded generously: a busy CI machine is slow)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        frames(app)
        for other in others:
            other.poll()
        time.sleep(0.002)
    return until()


def type_text(app, typed: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    frames(app)


def test_hosting_from_the_menu_and_a_whole_game_against_a_headless_guest(make_app, store):
    app = make_app(LOCAL)
    frames(app)
    click_button(app, "online")
    frames(app)
    assert app.manager.current_name == "online_host"
    click_button(app, "start")
    frames(app)
    scene = app.manager.current
    assert app.manager.current_name == "online_game" and isinstance(scene.endpoint, Host)
    host = scene.endpoint
    assert host.address[0] == LOOPBACK
    guest = Client(*host.address, host.code, "Bob")
    try:
        assert run(app, [guest], lambda: guest.state is LinkState.PLAYING and scene.playing)
        for number, (mine, theirs) in enumerate([((7, 7), (0, 0)), ((8, 7), (0, 1)), ((9, 7), (0, 2)),
                                                  ((10, 7), (0, 3)), ((11, 7), None)]):
            click(app, scene.layout.grid.pixel_of(mine))
            assert run(app, [guest], lambda: guest.session.game.move_count == 2 * number + 1)
            if theirs is not None:
                guest.play(theirs)
                assert run(app, [guest], lambda: scene.session.game.move_count == 2 * number + 2)
        assert run(app, [guest], lambda: guest.session.game.is_over)
        assert scene.session.game.result.winner is Stone.BLACK
        assert scene.focus.find("rematch").visible
        assert store.load_stats().tally(online_level("Bob"), "freestyle").wins == 1
        assert _label("level", online_level("Bob")) == "Bob (online)"
        [sgf] = list(store.records_dir.glob("*.sgf"))
    finally:
        guest.leave()
    record = open_record(sgf)  # review and the coach open it as any record
    assert (record.black, record.white, record.result.winner) == ("Alice", "Bob", Stone.BLACK)
    app.manager.switch("review", record=record, back="menu")
    frames(app, 3)
    assert app.manager.current_name == "review" and len(app.manager.current.moves) == 9
    app.manager.switch("coach_review", record=record)
    frames(app, 3)
    assert app.manager.current_name == "coach_review"


def test_joining_from_the_discovered_list(make_app):
    app = make_app(LOCAL)
    app.manager.switch("online_join", discovery_port=0)
    frames(app)
    scene = app.manager.current
    host = Host(NetRules(), "Carol", LOOPBACK, 0, timeouts=FAST)
    announcer = Announcer((LOOPBACK, scene.listener.port), "Carol", host.address[1], "renju", "free", "g1",
                          interface=LOOPBACK, every=0.1)
    try:
        assert run(app, [host, announcer], lambda: scene.focus.find("pick:0").visible)
        click_button(app, "pick:0")
        assert scene.address_field.text == f"{LOOPBACK}:{host.address[1]}"
        type_text(app, host.code.lower())
        click_button(app, "join")
        frames(app)
        game_scene = app.manager.current
        assert app.manager.current_name == "online_game"
        assert run(app, [host], lambda: game_scene.playing and host.state is LinkState.PLAYING)
        assert game_scene.session.peer_name == "Carol" and host.session.peer_name == "Alice"
    finally:
        announcer.close()
        host.leave()


def test_a_lost_connection_is_shown_and_resumed_from_the_screen(make_app):
    app = make_app(LOCAL)
    host = Host(NetRules(), "Carol", LOOPBACK, 0, timeouts=FAST)
    try:
        app.manager.switch("online_game", endpoint=Client(*host.address, host.code, "Alice", timeouts=FAST))
        frames(app)
        scene = app.manager.current
        assert run(app, [host], lambda: scene.playing and host.state is LinkState.PLAYING)
        host.play((7, 7))
        assert run(app, [host], lambda: scene.session.game.move_count == 1)
        host.connection.sock.close()  # the host's side of the line goes dead
        host.connection.sock = None
        assert run(app, [], lambda: scene.state is LinkState.DROPPED)
        host.state, host.connection = LinkState.WAITING, None
        resume = scene.focus.find("resume")
        assert resume.visible and scene.session.game.moves == [(7, 7)]
        click_button(app, "resume")
        assert run(app, [host], lambda: scene.playing and host.state is LinkState.PLAYING)
        assert scene.session.game.moves == [(7, 7)] and scene.session.my_turn
    finally:
        host.leave()


def test_a_wrong_code_shows_the_refusal_on_the_screen(make_app):
    app = make_app(LOCAL)
    host = Host(NetRules(), "Carol", LOOPBACK, 0, code="ABCDEF", timeouts=FAST)
    try:
        app.manager.switch("online_game", endpoint=Client(*host.address, "ZZZZZZ", "Alice", timeouts=FAST))
        frames(app)
        scene = app.manager.current
        assert run(app, [host], lambda: scene.state is LinkState.REFUSED)
        assert "code" in scene.status.lower() and scene.focus.find("resume").visible
    finally:
        host.leave()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("window", [(760, 540), (1120, 800), (1920, 1080)])
def test_no_online_text_leaves_its_box(make_app, window, language):
    app = make_app(Settings(language=language, player_name="Alice", online_interface=LOOPBACK, online_port=0,
                            discovery_interface=LOOPBACK), size=window)
    problems = []

    def check(name):
        size = app.screen.get_size()
        surface = RecordingSurface(size)
        with recording(size) as recorder:
            app.manager.current.draw(surface)
            chrome.draw_toast(surface, app.toast or "", 1.0)
        problems.extend(f"{name}: {problem}" for problem in recorder.problems())

    for name in ("online_host", "online_join"):
        app.manager.switch(name, discovery_port=0)
        frames(app)
        check(name)
    app.manager.switch("online_host")
    frames(app)
    click_button(app, "start")
    frames(app)
    scene = app.manager.current
    check("waiting")
    guest = Client(*scene.endpoint.address, scene.endpoint.code, "Bob-the-long-named", timeouts=FAST)
    try:
        run(app, [guest], lambda: scene.playing and guest.state is LinkState.PLAYING)
        scene.endpoint.play((7, 7))
        run(app, [guest], lambda: guest.session.ply == 1)
        guest.offer_draw()
        run(app, [guest], lambda: scene.session.asked is not None)
        frames(app)
        check("asked")
        guest.connection.sock.close()
        guest.connection.sock = None
        run(app, [], lambda: scene.state is LinkState.WAITING)
        check("dropped")
    finally:
        guest.leave()
    assert problems == []


def joined(app, host):
    app.manager.switch("online_game", endpoint=Client(*host.address, host.code, "Alice", timeouts=FAST))
    frames(app)
    scene = app.manager.current
    assert run(app, [host], lambda: scene.playing and host.state is LinkState.PLAYING)
    return scene


def test_swap2_decisions_are_made_with_the_screen_s_buttons(make_app):
    from game.rules.opening import Choice, OpeningRule

    app = make_app(LOCAL)
    host = Host(NetRules(opening=OpeningRule.SWAP2), "Carol", LOOPBACK, 0, timeouts=FAST)
    try:
        scene = joined(app, host)
        for point in [(7, 7), (8, 7), (7, 8)]:
            host.play(point)
        assert run(app, [host], lambda: scene.session.ply == 3)
        assert all(scene.focus.find(f"choose_{c}").visible for c in ("black", "white", "place_two"))
        click_button(app, "choose_place_two")
        assert run(app, [host], lambda: host.session.ply == 4)
        for number, point in enumerate([(9, 9), (6, 6)], start=5):
            click(app, scene.layout.grid.pixel_of(point))
            assert run(app, [host], lambda: host.session.ply == number)
        host.choose(Choice.BLACK)
        assert run(app, [host], lambda: scene.session.ply == 7)
        assert scene.session.my_colour is Stone.WHITE and scene.session.my_turn
        assert not scene.focus.find("choose_black").visible
    finally:
        host.leave()


def test_a_takeback_is_answered_with_the_screen_s_buttons(make_app):
    app = make_app(LOCAL)
    host = Host(NetRules(undo_limit=1), "Carol", LOOPBACK, 0, timeouts=FAST)
    try:
        scene = joined(app, host)
        host.play((7, 7))
        assert run(app, [host], lambda: scene.session.ply == 1)
        click(app, scene.layout.grid.pixel_of((8, 8)))
        assert run(app, [host], lambda: host.session.ply == 2)
        host.play((9, 9))
        host.ask_takeback()
        assert run(app, [host], lambda: scene.focus.find("accept").visible)
        click_button(app, "decline")
        assert run(app, [host], lambda: host.session.question is None)
        assert host.session.game.moves == scene.session.game.moves == [(7, 7), (8, 8), (9, 9)]
        host.ask_takeback()
        assert run(app, [host], lambda: scene.focus.find("accept").visible)
        click_button(app, "accept")
        assert run(app, [host], lambda: host.session.ply == 2)
        assert host.session.game.moves == scene.session.game.moves == [(7, 7), (8, 8)]
        assert scene.session.game.undos_left[Stone.BLACK] == 0
    finally:
        host.leave()


def test_the_menu_offers_an_unfinished_online_game_and_resumes_it_under_the_same_name(make_app, store):
    from game.net.ticket import load_ticket

    app = make_app(LOCAL)
    host = Host(NetRules(), "Carol", LOOPBACK, 0, timeouts=FAST)
    try:
        scene = joined(app, host)
        host.play((7, 7))
        assert run(app, [host], lambda: scene.session.game.move_count == 1)
        ticket = load_ticket(store.locations.data_dir)
        assert ticket is not None and ticket.host_name == "Carol" and ticket.token == scene.endpoint.token
        assert "ABCDEF" not in (store.locations.data_dir / "online_resume.json").read_text()
        scene.endpoint.connection.sock.close()  # the window dies: no goodbye
        scene.endpoint.connection.sock = None
        scene.endpoint = None
        app.manager.switch("menu")
        frames(app)
        entry = app.manager.current.focus.find("resume_online")
        assert entry.visible and "Carol" in entry.label
        click_button(app, "resume_online")
        frames(app)
        back = app.manager.current
        assert app.manager.current_name == "online_game"
        assert run(app, [host], lambda: back.playing and host.state is LinkState.PLAYING)
        assert host.session.peer_name == "Alice" and back.session.game.moves == [(7, 7)]
        host.resign()
        assert run(app, [host], lambda: back.session.game.is_over)
        assert load_ticket(store.locations.data_dir) is None  # a finished game is not offered again
        app.manager.switch("menu")
        frames(app)
        assert not app.manager.current.focus.find("resume_online").visible
    finally:
        host.leave()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_host_may_claim_after_the_grace_and_every_line_fits(make_app, language):
    from net_helpers import FakeClock

    from game.net.session import CLAIM_GRACE_SECONDS

    clock = FakeClock()
    slow = Timeouts(heartbeat=1e6, silence=1e7, line=1e7, handshake=1e7, connect=5, hello=1e7)
    app = make_app(Settings(language=language, player_name="Alice", online_interface=LOOPBACK, online_port=0,
                            discovery_interface=LOOPBACK), size=(760, 540))
    host = Host(NetRules(clock_seconds=300), "Alice", LOOPBACK, 0, timeouts=slow, now=clock)
    app.manager.switch("online_game", endpoint=host)
    frames(app)
    scene = app.manager.current
    guest = Client(*host.address, host.code, "Bob-the-long-named", timeouts=slow, now=clock)
    problems = []

    def check(name):
        size = app.screen.get_size()
        with recording(size) as recorder:
            scene.draw(RecordingSurface(size))
        problems.extend(f"{name}: {problem}" for problem in recorder.problems())

    try:
        assert run(app, [guest], lambda: scene.playing and guest.state is LinkState.PLAYING)
        click(app, scene.layout.grid.pixel_of((7, 7)))
        assert run(app, [guest], lambda: guest.session.ply == 1)
        guest.connection.sock.close()
        guest.connection.sock = None
        assert run(app, [], lambda: scene.state is LinkState.WAITING)
        claim = scene.focus.find("claim")
        assert claim.visible and not claim.enabled
        check("away")
        clock.advance(CLAIM_GRACE_SECONDS + 1)
        frames(app)
        assert claim.enabled
        check("claimable")
        click_button(app, "claim")
        assert scene.session.game.is_over and scene.session.abandoned
        assert scene.session.game.result.winner is Stone.BLACK
        check("claimed")
    finally:
        guest.leave()
    assert problems == []
