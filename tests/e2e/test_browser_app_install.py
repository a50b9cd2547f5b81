"""The installable app: every page links a manifest whose icons load, the
service worker takes the whole site, and the lobby opens without a
connection once it has been seen (the game itself needs the connection)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

PAGES = ["/", "/static/rules.html", "/static/replay.html", "/static/gdy_replay.html"]


def test_the_app_installs_and_opens_offline(new_page, server, screenshots):
    page = new_page()
    for path in PAGES:
        page.goto(server + path)
        href = page.get_attribute("link[rel=manifest]", "href")
        assert href == "/static/manifest.webmanifest", path
    reply = page.request.get(server + "/static/manifest.webmanifest")
    assert reply.ok and reply.headers["content-type"].startswith("application/manifest+json")
    manifest = reply.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        image = page.request.get(server + icon["src"])
        assert image.ok and image.body()[:8] == b"\x89PNG\r\n\x1a\n", icon
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes  # what browsers ask of an installable app

    page.goto(server + "/")
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == server + "/"
    page.reload()  # now the worker controls the page, and has kept the lobby's files
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("#vsbots-go")).to_be_visible()
        page.screenshot(path=screenshots / "app-offline-lobby.png")
    finally:
        page.context.set_offline(False)
