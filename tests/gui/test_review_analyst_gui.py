"""The game review with an external analyst chosen in Settings -> Engines: the runner is asked
to use it, the header names it, and a failure is said plainly while the review still shows."""

import dataclasses

from gui_driver import frames
from test_coach_review import MOVES, hand_made_review

from game.records import GameRecord
from game.rules import Rule
from game.scenes.coach_review.panel import analyst_lines
from game.storage import Settings
from game.storage.engines import EngineEntry, with_entries


class AnalystRunner:
    """Stands in for the background review: records which analyst it was given."""

    made: list["AnalystRunner"] = []

    def __init__(self):
        self.analyst, self.result, self.error, self.points = "unset", None, "", []
        AnalystRunner.made.append(self)

    def start(self, size, rule, points, time_ms=None, **options):
        self.points, self.analyst = list(points), options.get("analyst")

    def progress(self):
        return 0, len(self.points)

    def poll(self):
        result, self.result = self.result, None
        return result

    def cancel(self):
        pass

    def close(self):
        pass


def open_review(make_app, monkeypatch, analyst: bool):
    AnalystRunner.made.clear()
    monkeypatch.setattr("game.scenes.coach_review.scene.ReviewRunner", AnalystRunner)
    settings = with_entries(Settings(), [EngineEntry("/engines/pbrain-rapfi", "Rapfi", "ok")])
    if analyst:
        settings = settings.with_changes(analysis_engine="/engines/pbrain-rapfi")
    app = make_app(settings)
    frames(app)
    app.manager.switch("coach_review", record=GameRecord(size=15, rule=Rule.FREESTYLE, moves=list(MOVES)))
    frames(app)
    return app, app.manager.current


def header(scene) -> list[str]:
    return [line for line, _ in analyst_lines(scene)]


def test_the_chosen_analyst_scores_the_review_and_the_header_names_it(make_app, monkeypatch):
    app, scene = open_review(make_app, monkeypatch, analyst=True)
    runner = AnalystRunner.made[-1]
    assert runner.analyst.command == "/engines/pbrain-rapfi" and runner.analyst.name == "Rapfi"
    assert any("Rapfi" in line for line in header(scene))
    runner.result = dataclasses.replace(hand_made_review(), analyst="Rapfi 2024")
    frames(app, 2)
    assert scene.state == "done" and any("Analyst: Rapfi 2024" in line for line in header(scene))


def test_a_failed_analyst_is_named_and_the_built_in_review_still_shows(make_app, monkeypatch):
    app, scene = open_review(make_app, monkeypatch, analyst=True)
    AnalystRunner.made[-1].result = dataclasses.replace(hand_made_review(), analyst_note="Rapfi: exited (code 3)")
    frames(app, 2)
    assert scene.state == "done" and scene.review is not None
    lines = header(scene)
    assert len(lines) == 1 and "exited (code 3)" in lines[0] and "built-in" in lines[0]


def test_without_an_analyst_the_built_in_review_is_started_as_before(make_app, monkeypatch):
    app, scene = open_review(make_app, monkeypatch, analyst=False)
    assert AnalystRunner.made[-1].analyst is None and header(scene) == []
