"""The tutorial API and pages (server/tutorials.py): a lesson is played through the game's
rules; a refusal gives the engine's reason, a legal but unexpected action the lesson's hint,
and neither changes the player's progress; the expected action opens the next lesson."""

from __future__ import annotations

import json
import re

from donjon.server import tutorials
from tests.server.conftest import Site

GAME = "unfairchess"


def progress(site: Site, client) -> int:
    return client.get(f"/api/learn/{GAME}").json()["tutorial"]["done"]


def test_a_lesson_and_its_answers(site: Site) -> None:
    tut = tutorials.tutorial(GAME)
    anon = site.client()
    got = anon.get(f"/api/learn/{GAME}/lessons/0").json()["lesson"]
    assert got["index"] == 0 and got["count"] == len(tut.lessons) and got["seat"] == 0
    assert {"type": "move", "uci": "e2e4"} in got["legal"] and got["view"]["hand"]
    # the learner's seat's view: the other seat's hand and every pile stay hidden (Castel's first lesson)
    castel = json.dumps(anon.get("/api/learn/castel/lessons/0").json()["lesson"])
    assert "mendiant" in castel and not {"soldat_2", "barbare", "page", "courtisan", "fee", "voleur"} & set(
        re.findall(r"[a-z_0-9]+", castel))
    # playing needs a session (a guest's is enough)
    assert anon.post(f"/api/learn/{GAME}/lessons/0", json={"action": tut.lessons[0].solution}).status_code == 401

    guest = site.guest()
    url = f"/api/learn/{GAME}/lessons/0"
    # illegal: the engine's reason
    r = guest.post(url, json={"action": {"type": "move", "uci": "e2e5"}})
    assert r.status_code == 409 and r.json()["code"] == "illegal" and r.json()["error"]
    # legal, not the lesson's: the hint, in the asked language
    r = guest.post(url, json={"action": {"type": "move", "uci": "d2d4"}}, params={"lang": "fr"})
    assert r.status_code == 409 and r.json() == {"error": tut.lessons[0].hint["fr"], "code": "not_expected"}
    # bad input: 422, nothing changes
    for body in ({"action": "e2e4"}, {"act": {}}, {"action": {}, "extra": 1}, [1]):
        assert guest.post(url, json=body).status_code == 422, body
    assert guest.post(url, content=b"{not json", headers={"Content-Type": "application/json"}).status_code == 422
    assert guest.post(f"/api/learn/{GAME}/lessons/99", json={"action": {}}).status_code == 404
    assert guest.post("/api/learn/nogame/lessons/0", json={"action": {}}).status_code == 404
    assert progress(site, guest) == 0

    # the expected action: the position after it (and Black's scripted reply), the progress
    r = guest.post(url, json={"action": {"type": "move", "uci": "e2e4"}})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["result"]["next"] == 1 and out["result"]["legal"] == []
    assert out["result"]["view"]["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/")
    assert out["progress"]["done"] == 1 and out["progress"]["finished_at"] is None
    assert progress(site, guest) == 1
    # playing an earlier lesson again never lowers it
    guest.post(url, json={"action": {"type": "move", "uci": "e2e4"}})
    assert progress(site, guest) == 1


def test_finishing_every_lesson(site: Site) -> None:
    tut = tutorials.tutorial(GAME)
    alice = site.user("alice")
    for n, lesson in enumerate(tut.lessons):
        r = alice.post(f"/api/learn/{GAME}/lessons/{n}", json={"action": lesson.solution}).json()
        assert r["progress"]["done"] == n + 1
    assert r["result"]["next"] is None and r["result"]["finish"] == tut.finish["en"]
    assert r["result"]["view"]["outcome"]["reason"] == "checkmate"
    listed = {x["game"]: x for x in alice.get("/api/learn").json()["tutorials"]}
    assert listed[GAME]["done"] == len(tut.lessons) and listed[GAME]["finished_at"]
    assert site.sql("SELECT done FROM tutorial_progress") == [(len(tut.lessons),)]
    page = alice.get("/learn").text
    assert f"{len(tut.lessons)} of {len(tut.lessons)} lessons" in page and "Finished" in page
    # another player's progress is their own
    assert progress(site, site.guest()) == 0


def test_pages(site: Site) -> None:
    c = site.client()
    page = c.get("/learn")
    assert page.status_code == 200 and 'href="/learn/unfairchess"' in page.text
    assert 'href="/learn"' in c.get("/").text  # the nav's Learn
    one = c.get(f"/learn/{GAME}", params={"lang": "es"})
    assert one.status_code == 200 and "Aprender" in one.text
    boot = json.loads(re.search(r'id="boot">(.*?)</script>', one.text, re.S).group(1))
    assert boot["learn"]["game"] == GAME and boot["learn"]["done"] == 0
    assert f'data-quick-game="{GAME}"' in one.text
    assert c.get("/learn/nogame").status_code == 404
