#!/usr/bin/env python3
"""Two instances on one PostgreSQL database behind nginx (round robin), in a real browser: the Home page
opened through the proxy shows, live, logs made through either instance directly; after one instance is
killed (SIGKILL), the page reconnects through the other and goes on showing new logs without a reload.
Run by scripts/browser-tests.sh, which starts the instances and the proxy (scripts/two-instances.sh)."""
import argparse
import json
import os
import shutil
import signal
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def call(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read().decode() or "null")


def subscribers(base):
    """The live subscriptions an instance holds, from its metrics."""
    with urllib.request.urlopen(base + "/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("habits_live_subscribers "):
                return float(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("proxy")
    parser.add_argument("--a", required=True, help="the first instance")
    parser.add_argument("--b", required=True, help="the second instance")
    parser.add_argument("--a-pid", type=int, required=True)
    parser.add_argument("--b-pid", type=int, required=True)
    parser.add_argument("--screenshots")
    options = parser.parse_args()

    chrome = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--lang=en-US"]:
        chrome.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=chrome)
    driver.set_window_size(1280, 800)
    try:
        driver.get(options.proxy + "/")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        driver.execute_script("window.__sameDocument = true")
        _, home = call(options.b, "/v1/screens/home")
        card = home["sections"][0]["items"][0]
        habit_id = int(card["id"][6:])
        leader_name = card["content"]["leader"].rsplit(" ", 1)[0]
        _, users = call(options.b, "/v1/users?limit=200")
        leader = next(u for u in users["items"] if u["name"] == leader_name and u["key"] != "activeUser")
        # The line's own text: the leader's @username follows it in a span of its own.
        read = (f"return document.querySelector('[data-item-id=\"{card['id']}\"] .leader')"
                "?.firstChild?.textContent.trim()")

        def log_through(base, name, timeout):
            before = driver.execute_script(read)
            status, _ = call(base, "/v1/logs", {"userID": leader["id"], "habitID": habit_id})
            assert status == 201, status
            acknowledged = time.monotonic()
            count = int(before.rsplit(" ", 1)[1])
            expected = f"{leader_name} {count + 1}"
            WebDriverWait(driver, timeout, poll_frequency=0.02).until(
                lambda d: d.execute_script(read) == expected)
            print(f"    a log through {name} shown after {(time.monotonic() - acknowledged) * 1000:.0f} ms")

        # Whichever instance serves the page and its stream, a log through either reaches it.
        log_through(options.b, "instance b", 3)
        log_through(options.a, "instance a", 3)
        # The instance that holds the page's stream dies; the browser reconnects through the proxy to the
        # other, which then shows what is written through it.
        instances = [("a", options.a, options.a_pid), ("b", options.b, options.b_pid)]
        holding = [instance for instance in instances if subscribers(instance[1]) >= 1]
        assert len(holding) == 1, f"one instance holds the page's stream: {[h[0] for h in holding]}"
        victim = holding[0]
        survivor = next(instance for instance in instances if instance is not victim)
        os.kill(victim[2], signal.SIGKILL)
        print(f"    instance {victim[0]}, which held the stream, killed")
        log_through(survivor[1], f"instance {survivor[0]}, {victim[0]} gone", 15)
        log_through(survivor[1], f"instance {survivor[0]} again", 3)
        assert subscribers(survivor[1]) >= 1, "the stream reconnected to the surviving instance"
        assert driver.execute_script("return window.__sameDocument === true"), "the page was reloaded"
        if options.screenshots:
            driver.save_screenshot(os.path.join(options.screenshots, "two-instances-home.png"))
        print("ok: two instances behind nginx keep the page live, and one of them may die")
    except Exception:
        print("browser console:", [entry["message"] for entry in driver.get_log("browser")][-10:], file=sys.stderr)
        raise
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
