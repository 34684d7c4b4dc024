"""Challenges in Chromium against the real server, with two accounts (own contexts, own cookies):

- Ada opens Basil's profile, presses Challenge, picks Castel, a correspondence clock and Black
  in the form (the home page's table form for two) and sends it: she waits on the table's page;
- Basil gets a toast, the header's count, and the challenge on /my-games; he accepts it there
  and both land on the game page, with the chosen clock;
- a challenge declined on the home page leaves both lists; a third account sees no seat to take.

Screenshots of the profile's challenge form and of /my-games at 1280x860 and 390x844.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import save_shot, site_env
from tests.browser.test_site_end import DESKTOP, PHONE, new_page, register  # noqa: F401 (new_page: a fixture)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("challenges", site_env({}, bot_workers=1))


@pytest.fixture()
def user_page(new_page):  # noqa: F811 (the imported fixture)
    """``user_page(name, viewport)``: a page in a fresh context, logged in as a new account."""
    def make(name: str, viewport: dict[str, int] = DESKTOP) -> Any:
        pg = new_page(viewport)
        register(pg, name)
        return pg

    return make


def shot(pg: Any, name: str) -> None:
    pg.evaluate("window.scrollTo(0, 0)")  # the sticky header at the top of the whole page
    save_shot(pg, name, animations="disabled", full_page=True)


def no_side_scroll(pg: Any) -> None:
    assert pg.evaluate("document.documentElement.scrollWidth") <= pg.viewport_size["width"]


def test_a_challenge_from_a_profile_accepted_on_my_games(user_page) -> None:
    ada, basil = user_page("ada"), user_page("basil", PHONE)
    basil.goto("/my-games")
    basil.wait_for_selector("#challenges[data-loaded='1']")
    assert "No challenges" in basil.locator("#challenges").inner_text()

    ada.goto("/profile/basil")
    form = ada.locator("#challenge-form")
    assert form.is_hidden()
    ada.click("#challenge-btn")
    assert form.is_visible()
    # built from GameInfo: two people, so no seats, opponent or bot fields
    assert form.locator("[name=seats], [name=opponent], [name=bots]").count() == 0
    form.locator("select[name=game]").select_option("castel")
    form.locator("select[name=clock]").select_option("d3")
    assert form.locator("[data-field=color]").is_visible()
    form.locator("[data-field=color] label").nth(2).click()  # the second seat
    shot(ada, "challenge-form-1280.png")
    form.locator("button[type=submit]").click()
    ada.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    assert "basil" in ada.locator(".waiting").inner_text()
    assert ada.locator("#table-clock").inner_text() == "3 days per move"  # the table says its clock
    table_id = ada.url.rsplit("/", 1)[1]

    # Basil: a toast and the header's count within a look, the challenge on /my-games
    basil.reload()
    basil.wait_for_selector(f"#challenges li[data-table='{table_id}'] [data-accept]")
    basil.wait_for_selector("#turns-count:not([hidden])")
    assert basil.locator("#turns-count").inner_text() == "1"
    row = basil.locator(f"#challenges li[data-table='{table_id}']").inner_text()
    assert "ada challenges you" in row and "Castel" in row and "3 days" in row
    no_side_scroll(basil)
    shot(basil, "challenge-received-390.png")

    basil.click(f"#challenges li[data-table='{table_id}'] [data-accept]")
    basil.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    ada.wait_for_url(re.compile(r"/g/[^/?#]+$"))  # the lobby socket's "started" takes her there
    gid = basil.url.rsplit("/", 1)[1]
    assert ada.url.rsplit("/", 1)[1] == gid
    game = ada.request.get(f"/api/games/{gid}").json()["game"]
    assert [p["name"] for p in game["players"]] == ["basil", "ada"]
    assert game["time_control"] == {"correspondence_days": 3} and game["kind"] == "castel"
    basil.goto("/my-games")
    basil.wait_for_selector("#challenges[data-loaded='1']")
    assert basil.locator("#challenges [data-accept]").count() == 0


def test_decline_on_the_home_page_and_nobody_else_may_sit(user_page, site) -> None:
    cleo, dan, eve = user_page("cleo"), user_page("dan"), user_page("eve")
    with dan.expect_response(lambda r: r.url.endswith("/api/my-games")):
        dan.goto("/")  # its first look, once its lobby socket is in: a challenge after it is new
    dan.wait_for_selector("#open-tables")
    assert dan.locator("#challenges").is_hidden()
    r = cleo.request.post("/api/tables", data={"game": "unfairchess", "to": "dan"}, headers={"Origin": site.url})
    assert r.ok, r.text()
    tid = r.json()["table"]["id"]
    # Dan's lobby socket brings it at once: the list, a toast, the header's count
    dan.wait_for_selector(f"#challenges li[data-table='{tid}'] [data-decline]")
    dan.wait_for_selector(".toast:has-text('cleo challenges you to UnfairChess')")
    assert dan.locator("#turns-count").inner_text() == "1"
    shot(dan, "challenge-home-1280.png")
    # someone else sees whom it is for, and no button to take the seat
    eve.goto(f"/t/{tid}")
    assert "This challenge is for dan." in eve.locator("#table-body").inner_text()
    assert eve.locator("#join-btn").count() == 0
    eve.goto("/")
    eve.wait_for_selector("#open-tables")
    assert eve.locator(f"#open-tables [data-table='{tid}']").count() == 0
    assert eve.locator("#challenges").is_hidden()

    # the addressee's table page: Accept and Decline; the challenger's: whom she waits for, no bots
    dan.goto(f"/t/{tid}")
    assert dan.locator("#join-btn").inner_text() == "Accept" and dan.locator("#decline-btn").is_visible()
    cleo.goto(f"/t/{tid}")
    assert "Waiting for dan to accept" in cleo.locator(".waiting").inner_text()
    assert cleo.locator("#fill-btn").count() == 0
    dan.goto("/")
    cleo.goto("/")
    cleo.wait_for_selector(f"#challenges li[data-table='{tid}'] [data-cancel]")
    dan.click(f"#challenges li[data-table='{tid}'] [data-decline]")
    dan.wait_for_selector("#challenges", state="hidden")
    # Cleo's list follows on her lobby socket
    cleo.wait_for_selector("#challenges", state="hidden")
    assert cleo.request.get(f"/api/tables/{tid}").json()["table"]["status"] == "declined"


def test_a_challenge_sent_before_the_lobby_socket_listens_still_comes(user_page, site) -> None:
    """A challenge sent while the home page's lobby socket is not in yet comes as no frame: the
    page asks when the socket's first frame says it listens (the list and the header's count:
    the count's first look is that one), and a challenge made after the page was is toasted
    then too. Without a socket the list is loaded after 2 s."""
    hal, ivy = user_page("hal"), user_page("ivy")
    held: list[Any] = []
    ivy.route_web_socket(re.compile(r"/ws/lobby$"), lambda ws: held.append(ws))  # held: no server yet
    ivy.goto("/")
    ivy.wait_for_selector("#challenges[data-loaded='1']", state="attached")
    assert held and ivy.locator("#challenges").is_hidden()
    r = hal.request.post("/api/tables", data={"game": "castel", "to": "ivy"}, headers={"Origin": site.url})
    assert r.ok, r.text()
    tid = r.json()["table"]["id"]
    held[0].connect_to_server()  # now the server's socket: its first frame is the open tables
    ivy.wait_for_selector(f"#challenges li[data-table='{tid}'] [data-decline]")
    ivy.wait_for_selector("#turns-count:not([hidden])")
    assert ivy.locator("#turns-count").inner_text() == "1"
    ivy.wait_for_selector(".toast:has-text('hal challenges you to Castel')")


def test_a_challenge_made_while_the_page_loads_is_toasted(user_page, site) -> None:
    """A challenge made after the page was, but before its first look (its socket's), is new to
    the player: it is toasted at that look, as one made later would be (the page knows when it
    was made: ``boot.now``). One made before the page is only counted."""
    jo, kit = user_page("jo-j"), user_page("kit")
    r = jo.request.post("/api/tables", data={"game": "castel", "to": "kit"}, headers={"Origin": site.url})
    assert r.ok, r.text()
    made: list[str] = []

    def challenge_then_load(route: Any) -> None:  # the page is made; its scripts are not run yet
        if not made:
            r = jo.request.post("/api/tables", data={"game": "unfairchess", "to": "kit"}, headers={"Origin": site.url})
            assert r.ok, r.text()
            made.append(r.json()["table"]["id"])
        route.continue_()

    kit.route(re.compile(r"/static/js/turns\.js$"), challenge_then_load)
    kit.goto("/learn")
    kit.wait_for_selector("#turns-count:not([hidden])")
    assert made and kit.locator("#turns-count").inner_text() == "2"
    kit.wait_for_selector(".toast:has-text('jo-j challenges you to UnfairChess')")
    assert kit.locator(".toast:has-text('jo-j challenges you to Castel')").count() == 0


@pytest.mark.parametrize("viewport, tag", [(DESKTOP, "1280"), (PHONE, "390")])
def test_screens(user_page, site, viewport, tag) -> None:
    """The profile's open challenge form and /my-games with a challenge each way."""
    me, other = user_page(f"fay{tag}", viewport), user_page(f"gus{tag}")
    r = other.request.post("/api/tables", data={"game": "unfairchess", "to": f"fay{tag}", "stake": 10,
                                                "mode": "ranked"}, headers={"Origin": site.url})
    assert r.ok, r.text()
    me.goto(f"/profile/gus{tag}")
    me.click("#challenge-btn")
    me.wait_for_selector("#challenge-form select[name=clock] option", state="attached")
    no_side_scroll(me)
    shot(me, f"challenge-profile-{tag}.png")
    me.locator("#challenge-form button[type=submit]").click()
    me.wait_for_url(re.compile(r"/t/"))
    assert me.locator("#table-clock").inner_text() == "Blitz · 5+3"  # UnfairChess's default clock
    no_side_scroll(me)
    shot(me, f"challenge-table-{tag}.png")
    me.goto("/my-games")
    me.wait_for_selector("#challenges [data-cancel]")
    me.wait_for_selector("#challenges [data-accept]")
    no_side_scroll(me)
    shot(me, f"challenge-mygames-{tag}.png")
