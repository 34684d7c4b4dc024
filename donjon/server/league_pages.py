"""League pages: a player's profile, the leaderboards and the hat shop.

The pages are Jinja2 shells; ``/static/js/league.js`` fills them from the league's JSON API
(``/api/users/{name}/profile``, ``/api/leaderboard/{game}``, ``/api/shop``), so a page and a
script see the same numbers. The lobby's daily panel (bonus and challenges) is a partial of
``home.html`` filled by the same module. What the pages show: ``docs/league.md`` ("Pages").

The hat drawings live in ``donjon/league/hats.py``; the browser gets them from the generated
module ``/static/js/hats.js`` (refresh it with ``python3 -m donjon.server.league_pages``;
a test checks it is up to date).
"""

from __future__ import annotations

import json
import sys

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from donjon.games import games
from donjon.league.hats import HATS
from donjon.league.record import ALL_GAMES, COOPERATIVE_GAMES
from donjon.server import auth, pages
from donjon.store import repo

router = APIRouter(include_in_schema=False)

RATED_GAMES: tuple[str, ...] = tuple(g for g in ALL_GAMES if g not in COOPERATIVE_GAMES)
"""Games with an Elo rating, hence a leaderboard (a cooperative game has none)."""

HATS_JS = pages.WEB / "static" / "js" / "hats.js"

pages.templates.env.globals["rated_games"] = RATED_GAMES  # the lobby's daily panel links every leaderboard


def hats_js() -> str:
    """The text of ``/static/js/hats.js``: every hat's names, price and SVG, in shop order."""
    data = {h.id: {"name_en": h.name_en, "name_fr": h.name_fr, "name_es": h.name_es, "price": h.price, "svg": h.svg}
            for h in HATS.values()}
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return ("// The hat shop's hats, generated from donjon/league/hats.py by\n"
            "// `python3 -m donjon.server.league_pages`: do not edit by hand.\n"
            "// Each svg is one <g> in the 45x45 viewBox of the chess pieces, drawn over the king.\n"
            f"export const HATS = {body};\n")


@router.get("/profile/{username}", response_class=HTMLResponse)
async def profile_page(username: str, request: Request) -> Response:
    viewer = await auth.current_user(request)
    async with request.app.state.db.read() as s:
        user = await repo.user_by_name(s, username)
        if user is None:
            return await pages.render(request, "404.html", status=404)
        stats = await repo.user_stats(s, user.id)
        blocked = following = False
        if viewer is not None and viewer.id != user.id:
            blocked = await repo.has_blocked(s, viewer.id, user.id)
            following = await repo.is_following(s, viewer.id, user.id)
    # the downloads of their finished games, one per game and format it declares (api.export_player_games)
    downloads = [(g.info.id, export) for g in games() for export in g.info.exports]
    return await pages.render(request, "profile.html", profile=user, stats=stats, blocked=blocked, following=following,
                              downloads=downloads,
                              boot={"profile": user.username, "rated_games": list(RATED_GAMES)})


@router.get("/leaderboard", response_class=HTMLResponse)
async def leaderboard_default(request: Request) -> Response:
    return pages.moved(request, f"/leaderboard/{RATED_GAMES[0]}")


@router.get("/leaderboard/{game}", response_class=HTMLResponse)
async def leaderboard_page(game: str, request: Request) -> Response:
    if game not in RATED_GAMES:
        return await pages.render(request, "404.html", status=404)
    return await pages.render(request, "leaderboard.html", board_game=game, boot={"board_game": game})


@router.get("/shop", response_class=HTMLResponse)
async def shop_page(request: Request) -> Response:
    return await pages.render(request, "shop.html")


def main(argv: list[str]) -> int:
    """``python3 -m donjon.server.league_pages [--check]``: write (or check) static/js/hats.js."""
    text = hats_js()
    if "--check" in argv:
        ok = HATS_JS.exists() and HATS_JS.read_text("utf-8") == text
        print("hats.js is up to date" if ok else "hats.js is stale")
        return 0 if ok else 1
    HATS_JS.write_text(text, "utf-8")
    print(f"wrote {HATS_JS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
