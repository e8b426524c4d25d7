"""A finished online game as a record and in the statistics; discovery on 127.0.0.1 only."""

import json
import time

from game.net.protocol import VERSION
from game.net.discovery import Announcer, DiscoveryListener, broadcast_for, parse_announcement
from game.net.records import count_online_game, save_online_game
from game.net.session import NetRules, NetSession
from game.records import load_record
from game.rules import Reason, Rule, Stone
from game.rules.opening import Choice, OpeningRule, Seat
from game.storage.stats import GameResult, Statistics, online_level

from net_helpers import LOOPBACK, FakeClock, deliver


def finished_swap_game():
    host = NetSession(NetRules(rule=Rule.RENJU, opening=OpeningRule.SWAP1), Seat.FIRST, "Alice", "Bob", True)
    guest = NetSession(NetRules(rule=Rule.RENJU, opening=OpeningRule.SWAP1), Seat.SECOND, "Bob", "Alice", False)
    for point in [(7, 7), (8, 7), (7, 9)]:
        host.play(point)
        deliver(host, guest)
    guest.choose(Choice.BLACK)  # the guest takes black: the players change places
    deliver(guest, host)
    host.resign()
    deliver(host, guest)
    return host, guest


def test_the_finished_game_is_saved_with_both_names_the_rule_and_the_result(tmp_path):
    host, guest = finished_swap_game()
    paths = save_online_game(guest, tmp_path)
    record = load_record([p for p in paths if p.suffix == ".sgf"][0])
    assert (record.black, record.white) == ("Bob", "Alice")
    assert record.rule is Rule.RENJU and record.moves == [(7, 7), (8, 7), (7, 9)]
    assert record.result.winner is Stone.BLACK and record.result.reason is Reason.RESIGNATION
    assert record.opening == "swap1" and record.opening_choices == ["second:black"]


def test_the_game_counts_in_the_statistics_under_the_opponent_s_name():
    host, guest = finished_swap_game()
    host_stats, guest_stats = Statistics(), Statistics()
    assert count_online_game(host, host_stats) is GameResult.LOSS
    assert count_online_game(guest, guest_stats) is GameResult.WIN
    assert host_stats.tally(online_level("Bob"), "renju").losses == 1
    assert guest_stats.tally(online_level("Alice"), "renju").wins == 1
    assert Statistics.from_dict(guest_stats.to_dict()) == guest_stats


def test_an_announcement_sent_to_loopback_is_listed_and_forgotten_later():
    clock = FakeClock()
    listener = DiscoveryListener(LOOPBACK, 0, now=clock)
    announcer = Announcer((LOOPBACK, listener.port), "Alice", 50123, "renju", "swap2", "g1", interface=LOOPBACK, now=clock)
    try:
        announcer.poll()
        heard = []
        deadline = time.monotonic() + 3
        while not heard and time.monotonic() < deadline:
            heard = listener.poll()
            time.sleep(0.005)
        assert [(g.address, g.port, g.name, g.rule) for g in heard] == [(LOOPBACK, 50123, "Alice", "renju")]
        clock.advance(60)
        assert listener.poll() == []
    finally:
        announcer.close()
        listener.close()


def test_datagrams_that_are_not_announcements_are_ignored():
    good = json.dumps({"gomoku": VERSION, "name": "A", "port": 1, "rule": "renju", "opening": "free", "game": "x"}).encode()
    assert parse_announcement(good, LOOPBACK) is not None
    for bad in [b"", b"\xff\xfe", b"[]", good.replace(b'"gomoku": %d' % VERSION, b'"gomoku": 1'), good.replace(b'"port": 1', b'"port": 0'),
                good.replace(b'"A"', b'"A\\nB"'), good + b" " * 600]:
        assert parse_announcement(bad, LOOPBACK) is None


def test_loopback_announces_stay_on_loopback():
    assert broadcast_for("127.0.0.1") == "127.0.0.1"
    assert broadcast_for("192.168.1.23") == "192.168.1.255"


def test_the_addresses_offered_for_hosting_are_this_machine_s_loopback_first():
    import ipaddress

    from game.net.discovery import local_addresses

    found = local_addresses()
    assert found[0] == LOOPBACK and len(found) == len(set(found))
    assert all(isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address) for address in found)


def test_the_join_screen_reads_numeric_addresses_with_or_without_a_port():
    from game.scenes.online.join_screen import parse_address

    assert parse_address("192.168.1.20:5000", 48512) == ("192.168.1.20", 5000)
    assert parse_address(" 192.168.1.20 ", 48512) == ("192.168.1.20", 48512)
    assert parse_address("[::1]:6000", 48512) == ("::1", 6000)
    for bad in ["", "friend.example:5000", "1.2.3.4:0", "1.2.3.4:99999", "1.2.3.4:x", "1.2.3 .4"]:
        assert parse_address(bad, 48512) is None, bad


def test_a_client_given_a_name_instead_of_an_address_fails_at_once_without_a_lookup():
    from game.net import Client, LinkState

    client = Client("friend.invalid", 48512, "ABCDEF", "Bob")
    assert client.state is LinkState.DROPPED and "friend.invalid" in client.note
