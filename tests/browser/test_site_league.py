"""The league pages end to end, on the real server (``python -m donjon.server`` in a subprocess)
with people in their own headless Chromium contexts:

- Alice signs up, claims her daily bonus in the lobby (the balance rises), buys a hat in the
  shop (it falls), cannot afford a dearer one, and wears the hat she bought;
- she opens a **ranked** table, Bob joins: Bob's board draws Alice's hat on her king, so does a
  spectator's, and the hat follows the king when it moves; Alice plays a card (a badge);
- Bob resigns after both have moved (outside the abort window): Alice's profile shows the
  rating change (+20 for two newcomers, K = 40), the history chart, the badge with the card's
  art, her hat; Bob's shows −20; the leaderboard lists them both with Alice's hat.

The cards dealt are fixed with ``DONJON_TEST_GAME_OPTIONS`` (docs/server.md). Screenshots go
to docs/screenshots/site-league-*.png.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.conftest import save_shot, site_env
from tests.browser.site_server import SiteServer
from tests.browser.test_site_e2e import DECKS, HANDS, Person, card_steps, sign_up

pytestmark = pytest.mark.browser

HAT = "top_hat"  # 500 coins: affordable after the 50-coin bonus, the crown (1000) is not
ENV = site_env({"unfairchess": {"hands": HANDS, "decks": DECKS}}, absence_claim=60, absence_forfeit=120,
               timer_interval=0.25)


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("league-site", ENV)


def balance(p: Person) -> int:
    return int(p.page.locator(".userbox .coins").inner_text().strip())


def api_balance(p: Person) -> int:
    me = p.page.request.get("/api/me").json()
    return int(me["user"]["balance"])


def enter_game(p: Person) -> str:
    """``Person.enter_game``, tolerating the lobby's double navigation on joining: the join
    answer and the lobby socket's "started" both send the page to /g/…, and the second
    navigation aborts the first (``net::ERR_ABORTED``) while the test waits for it."""
    from playwright.sync_api import Error as PlaywrightError

    for _ in range(4):
        try:
            return p.enter_game()
        except PlaywrightError as e:
            if "ERR_ABORTED" not in str(e) and "detached" not in str(e) and "destroyed" not in str(e):
                raise
    return p.enter_game()


def hats_on_board(p: Person) -> list[list[str]]:
    return sorted(p.page.eval_on_selector_all(
        ".ucg-board-svg [data-hat]", "els => els.map(e => [e.dataset.hat, e.dataset.square])"))


def wait_hats(p: Person, want: list[list[str]]) -> None:
    p.wait_until(lambda: hats_on_board(p) == want, what=f"the hats {want} (board shows {hats_on_board(p)})")


def test_bonus_shop_hat_on_the_king_and_rating_change(browser, site) -> None:
    alice = sign_up(browser, site, "alice")
    bob = sign_up(browser, site, "bob")
    people = [alice, bob]
    try:
        _play(alice, bob, browser, site)
    finally:
        for p in people:
            p.ctx.close()
    for p in people:
        assert not p.errors, p.errors


def _play(alice: Person, bob: Person, browser: Any, site: SiteServer) -> None:
    # ---------------------------------------------------------------- daily bonus
    page = alice.page
    page.goto("/")
    claim = page.locator("#daily-panel #daily-claim")
    claim.wait_for()
    before = balance(alice)
    assert before == api_balance(alice)
    amount = int(re.search(r"\d+", claim.inner_text()).group())
    assert amount == 50
    # the three challenges of the day, each with a progress bar and a reward
    page.wait_for_selector("#challenge-list .challenge")
    assert page.locator("#challenge-list .challenge").count() == 3
    assert page.locator("#challenge-list .challenge .ch-bar").count() == 3
    alice.no_horizontal_overflow()
    alice.shot("site-league-daily.png")
    claim.click()
    page.wait_for_selector("#daily-bonus[data-claimed='1']")
    assert balance(alice) == before + amount == api_balance(alice)
    # Claimed for today: after a reload the button is gone, the balance stays.
    page.reload()
    page.wait_for_selector("#daily-bonus[data-claimed='1']")
    assert page.locator("#daily-claim").count() == 0
    assert page.request.post("/api/daily/claim").status == 409
    assert api_balance(alice) == before + amount

    # ---------------------------------------------------------------- the shop
    page.goto("/shop")
    page.wait_for_selector("#hat-grid[data-loaded='1']")  # the shop's answer is in (balance, owned hats)
    item = page.locator(f"#hat-grid .hat-item[data-hat='{HAT}']")
    item.locator("[data-buy]").wait_for()
    assert int(page.locator("#shop-balance").inner_text()) == before + amount
    assert page.locator("#hat-grid .hat-item[data-hat='crown'] [data-buy]").is_disabled()  # 1000 > 550
    page.once("dialog", lambda d: d.accept())  # "Buy the Top hat for 300 coins?"
    item.locator("[data-buy]").click()
    item.locator("[data-equip]").wait_for()
    after_buy = before + amount - 500
    assert balance(alice) == after_buy == api_balance(alice)
    assert int(page.locator("#shop-balance").inner_text()) == after_buy
    item.locator("[data-equip]").click()
    item.locator("[data-unequip]").wait_for()
    assert "equipped" in item.get_attribute("class")
    assert page.request.get("/api/me").json()["user"]["hat"] == HAT
    alice.no_horizontal_overflow()
    alice.shot("site-league-shop.png")

    # ---------------------------------------------------------------- a ranked game
    bob.lobby_frames.clear()
    bob.page.goto("/")
    bob.wait_until(lambda: any(f.get("t") == "tables" for f in bob.lobby_frames), what="the lobby socket")
    page.goto("/")
    form = page.locator("#table-form")
    form.locator("label:has(input[name=opponent][value=anyone])").click()
    form.locator("label:has(input[name=mode][value=ranked])").click()
    form.locator("label:has(input[name=color][value=white])").click()
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    row = bob.page.locator("#open-tables .table-row", has_text="alice")
    row.wait_for()
    assert "Ranked" in row.inner_text()
    row.locator("[data-join]").click()
    gid = enter_game(bob)
    assert enter_game(alice) == gid

    # Bob (the opponent) sees Alice's hat on her king; so does Alice.
    for p in (alice, bob):
        wait_hats(p, [[HAT, "e1"]])
    bob.shot("site-league-hat-opponent.png")
    # A spectator too.
    carol = Person(browser, site, "carol")
    try:
        carol.page.goto(f"/g/{gid}")
        carol.gid = gid
        enter_game(carol)
        wait_hats(carol, [[HAT, "e1"]])

        alice.move("e2e4")
        bob.move("e7e5")
        alice.move("e1e2")  # the king steps up: the hat goes with it, on every board
        for p in (alice, bob, carol):
            wait_hats(p, [[HAT, "e2"]])
        bob.move("b8c6")
        # Alice plays a card (Gallop: the c1 bishop jumps like a knight) for a badge.
        st = alice.wait_my_turn()
        assert {"type": "card", "card": "cavalcade", "lazy": True} in st["legal"]  # the brief list
        alice.page.locator(".ucg-hand [data-card='cavalcade']").click()
        alice.page.locator(".ucg-modal [data-action='play']").click()
        told = alice.wait_until(lambda: next((f for f in alice.targets if f["v"] == st["v"]), None),
                                what="Gallop's targetings")
        assert "d3" in card_steps(told["legal"], "cavalcade", ["c1"])
        alice.page.wait_for_selector(".ucg-target")
        alice.square("c1")
        alice.square("d3")
        alice.wait_version(st["v"] + 1)
        assert alice.piece("d3") == "wB"
        assert carol.errors == []
    finally:
        carol.ctx.close()

    # Bob resigns: both have moved, so the game counts and is rated.
    bob.wait_version(alice.shown_version())
    bob.page.once("dialog", lambda d: d.accept())
    bob.page.locator("#actions [data-act='resign']").click()
    for p, text in ((alice, "You won (by resignation)!"), (bob, "You lost (by resignation).")):
        p.page.wait_for_selector("#status-line[data-over='1']")
        assert p.page.locator("#status-line").inner_text() == text

    # ---------------------------------------------------------------- the profile
    page.goto("/profile/alice")
    card = page.locator("#rating-grid .rating-card[data-game='unfairchess']")
    card.locator(".rc-rating").wait_for()
    assert card.locator(".rc-rating").inner_text() == "1420"
    assert card.locator(".delta").get_attribute("data-delta") == "20"
    assert card.locator(".delta").inner_text() == "+20"
    assert card.locator(".prov").count() == 1  # provisional: fewer than 10 ranked games
    assert card.locator("svg.rating-chart circle").count() == 2  # the start (1400) and after this game
    game_row = page.locator(f"#recent-games li[data-game-id='{gid}']")
    assert game_row.locator(".delta").inner_text() == "+20"
    assert "bob" in game_row.inner_text()
    assert game_row.locator("a").get_attribute("href") == f"/g/{gid}/replay"
    # the badge of the card she played, with the card's art
    badge = page.locator("#badge-shelf .badge[data-game='unfairchess'][data-card='cavalcade']")
    badge.wait_for()
    assert badge.get_attribute("data-tier") == "bronze"
    assert badge.locator(".ucg-card .ucg-card-art").count() == 1
    # her hat, worn
    assert page.locator(f"#hat-row .hat-owned.equipped[data-hat='{HAT}']").count() == 1
    assert int(page.locator("#profile-balance").inner_text()) == after_buy
    alice.no_horizontal_overflow()
    save_shot(page, "site-league-profile.png", full_page=True, animations="disabled")

    bob.page.goto("/profile/bob")
    bcard = bob.page.locator("#rating-grid .rating-card[data-game='unfairchess']")
    bcard.locator(".rc-rating").wait_for()
    assert bcard.locator(".rc-rating").inner_text() == "1380"
    assert bcard.locator(".delta").get_attribute("data-delta") == "-20"

    # ---------------------------------------------------------------- the leaderboard
    bob.page.goto("/leaderboard/unfairchess")
    rows = bob.page.locator("#leaderboard tbody tr[data-user]")
    rows.first.wait_for()
    assert rows.all_inner_texts()[0].split()[:3] == ["1", "alice", "1420?"]
    assert rows.nth(0).locator(f"[data-hat='{HAT}']").count() == 1
    assert bob.page.locator("#leaderboard tr[data-user='bob'] .lb-rating").inner_text() == "1380?"
    assert "me" in (bob.page.locator("#leaderboard tr[data-user='bob']").get_attribute("class") or "")
    bob.shot("site-league-leaderboard.png")


def test_pages_of_unknown_players_and_games_are_404(site, browser) -> None:
    ctx = browser.new_context(base_url=site.url)
    try:
        pg = ctx.new_page()
        assert pg.goto("/profile/nobody-here").status == 404
        assert pg.goto("/leaderboard/chess").status == 404
        assert pg.goto("/leaderboard/citadel").status == 404  # cooperative: no rating
        r = pg.goto("/leaderboard")
        assert r.status == 200 and pg.url.endswith("/leaderboard/unfairchess")
        # a visitor sees the shop but cannot buy
        pg.goto("/shop")
        pg.wait_for_selector("#hat-grid .hat-item")
        assert pg.locator("#hat-grid .hat-item").count() >= 8
        assert pg.locator("#hat-grid [data-buy]:not([disabled])").count() == 0
        assert pg.locator("#hat-grid .hat-item button:not([disabled])").count() == 0
    finally:
        ctx.close()


def test_challenge_claim_button_pays_and_marks_the_row(site, browser) -> None:
    """Which challenges a player gets depends on the day, so this one drives the panel with the
    challenge API answered by the test (Playwright routes): a completed challenge shows a Claim
    button; clicking it POSTs the claim, the balance shown in the top bar takes the server's
    answer and the row turns "claimed"; an unfinished one shows only its bar and reward."""
    p = sign_up(browser, site, "dora")
    try:
        board = {"day": "2026-01-01", "challenges": [
            {"id": "win_ranked", "game": "any", "text": {"en": "Win a ranked game", "fr": "Gagne une partie classée"},
             "goal": 1, "progress": 1, "reward": 60, "done": True, "claimed": False},
            {"id": "uc_cards_10", "game": "unfairchess",
             "text": {"en": "Play 10 cards in UnfairChess", "fr": "Joue 10 cartes à UnfairChess"},
             "goal": 10, "progress": 4, "reward": 40, "done": False, "claimed": False},
            {"id": "castel_win", "game": "castel", "text": {"en": "Win a game of Castel", "fr": "Gagne une partie de Castel"},
             "goal": 1, "progress": 0, "reward": 50, "done": False, "claimed": False}]}
        posted: list[str] = []

        def challenges(route: Any) -> None:
            route.fulfill(status=200, content_type="application/json", body=json.dumps(board))

        def claim(route: Any) -> None:
            posted.append(route.request.url)
            board["challenges"][0]["claimed"] = True
            route.fulfill(status=200, content_type="application/json", body=json.dumps({"reward": 60, "balance": 1234}))

        p.page.route("**/api/challenges", challenges)
        p.page.route("**/api/challenges/*/claim", claim)
        p.page.goto("/?lang=fr")
        rows = p.page.locator("#challenge-list .challenge")
        rows.first.wait_for()
        assert rows.count() == 3
        assert "Joue 10 cartes" in rows.nth(1).inner_text() and "4 / 10" in rows.nth(1).inner_text()
        width = p.page.eval_on_selector("[data-challenge='uc_cards_10'] .ch-bar i", "e => e.style.width")
        assert width == "40%"
        assert p.page.locator("#challenge-list [data-claim]").count() == 1  # only the completed one
        p.page.locator("[data-challenge='win_ranked'] [data-claim]").click()
        p.page.wait_for_selector("[data-challenge='win_ranked'].claimed")
        assert posted == [f"{site.url}/api/challenges/win_ranked/claim"]
        assert balance(p) == 1234
        assert p.page.locator("#challenge-list [data-claim]").count() == 0
    finally:
        p.ctx.close()
    assert not p.errors, p.errors
