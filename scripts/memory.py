#!/usr/bin/env python3
"""Resident memory of a running server under many screens and many streams.

Reads the server's resident memory (VmRSS in /proc/PID/status) at start; while HOLD idle streams are
held open (the cost of one is the growth divided by HOLD, measured first, on the fresh process); after
SCREENS distinct valid screen URLs (emoji pickers over habits, layouts and collapsed groups; streak
months; users and habits; the tab screens of many viewers); and after STREAMS event streams opened,
read to their first document and dropped.
Streams come from several loopback addresses (127.0.0.2 and up), as many clients would, each within
the server's per-client bound. No third-party packages.
Usage: memory.py BASE_URL PID [--screens 5000] [--streams 5000] [--hold 2000] [--budget-mb 256];
run it through memory.sh.
"""
import argparse
import asyncio
import http.client
import itertools
import json
import random
import sys
import threading
import time
import urllib.request
from urllib.parse import urlparse

PER_ADDRESS = 50  # streams per source address, under the default --max-streams-per-client of 64


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def get_json(base, path):
    with urllib.request.urlopen(base + path, timeout=60) as response:
        return json.loads(response.read())


def all_pages(base, path):
    items, cursor = [], None
    while True:
        page = get_json(base, path + "?limit=200" + (f"&cursor={cursor}" if cursor else ""))
        items += page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            return items


def metrics(base):
    with urllib.request.urlopen(base + "/metrics", timeout=30) as response:
        text = response.read().decode()
    values = {}
    for line in text.splitlines():
        if line.startswith("habits_") and "{" not in line:
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    return values


def screen_urls(base, count):
    """`count` distinct valid screen URLs, about half of them emoji pickers (the largest documents)."""
    users = [user["key"] for user in all_pages(base, "/v1/users")]
    habits = [habit["id"] for habit in all_pages(base, "/v1/habits")]
    picker = get_json(base, f"/v1/screens/emoji?habit={habits[0]}")
    slugs = [section["id"][len("group-"):] for section in picker["sections"] if section["id"].startswith("group-")]
    rng = random.Random(24)
    pickers = []
    for size in range(len(slugs) + 1):
        for collapsed in itertools.combinations(slugs, size):
            for habit in habits:
                for layout in ("list", "grid"):
                    query = f"habit={habit}&layout={layout}"
                    if collapsed:
                        query += "&collapsed=" + ",".join(collapsed)
                    pickers.append("/v1/screens/emoji?" + query)
    rng.shuffle(pickers)
    others = []
    for user in users:
        for screen in ("home", "habits", "users", "log", "discover", "help"):
            others.append(f"/v1/screens/{screen}?user={user}")
        for habit in habits:
            others.append(f"/v1/screens/habit?habit={habit}&user={user}")
            for months_back in range(0, 24):
                year, month = divmod(2026 * 12 + 10 - months_back, 12)
                others.append(f"/v1/screens/streak?habit={habit}&month={year:04d}-{month + 1:02d}&user={user}")
    rng.shuffle(others)
    half = count // 2
    urls = pickers[:half] + others[: count - min(half, len(pickers))]
    rng.shuffle(urls)
    if len(set(urls)) < count:
        raise RuntimeError(f"only {len(set(urls))} distinct screen URLs in the demo data")
    return urls[:count]


def fetch_all(base, urls, threads=4):
    """GETs every URL on `threads` kept-alive connections; the statuses by count."""
    parsed = urlparse(base)
    statuses = {}
    lock = threading.Lock()
    work = iter(urls)

    def worker():
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)
        while True:
            with lock:
                url = next(work, None)
            if url is None:
                return
            connection.request("GET", url)
            response = connection.getresponse()
            response.read()
            with lock:
                statuses[response.status] = statuses.get(response.status, 0) + 1

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return statuses


async def open_stream(host, port, path, source):
    """Opens a stream from `source` and reads it until its first document; the writer to close it."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    received = b""
    while b"event: document" not in received:
        chunk = await reader.read(65536)
        if not chunk:
            raise RuntimeError(f"the stream of {path} ended: {received[:200]!r}")
        received += chunk
    return writer


def source(index):
    return f"127.0.0.{2 + index // PER_ADDRESS}"


async def open_and_drop(base, paths, concurrency=48):
    parsed = urlparse(base)
    semaphore = asyncio.Semaphore(concurrency)

    async def one(index, path):
        async with semaphore:
            writer = await open_stream(parsed.hostname, parsed.port, path, source(index % (concurrency * 4)))
            writer.close()

    await asyncio.gather(*(one(index, path) for index, path in enumerate(paths)))


async def hold(base, path, count, pid):
    parsed = urlparse(base)
    semaphore = asyncio.Semaphore(64)

    async def one(index):
        async with semaphore:
            return await open_stream(parsed.hostname, parsed.port, path, source(index))

    writers = await asyncio.gather(*(one(index) for index in range(count)))
    await asyncio.sleep(2)
    held = rss_mb(pid)
    for writer in writers:
        writer.close()
    return held


def wait_for_streams_to_end(base, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if metrics(base).get("habits_live_subscribers", 1) == 0:
            return True
        time.sleep(0.2)
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("pid", type=int)
    parser.add_argument("--screens", type=int, default=5000)
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--hold", type=int, default=2000)
    parser.add_argument("--budget-mb", type=int, default=256)
    options = parser.parse_args()
    base, pid = options.base, options.pid
    rows = []

    def measure(stage, note=""):
        # Once the burst is over: the server returns freed memory to the system every 10 s.
        time.sleep(12)
        values = metrics(base)
        rows.append((stage, rss_mb(pid), values.get("habits_screen_cache_entries", 0),
                     values.get("habits_screen_cache_bytes", 0) / 2**20, note))

    rows.append(("start", rss_mb(pid), 0, 0.0, ""))
    # Idle streams first, on the fresh process: later, freed memory that stays resident would absorb them.
    before = rss_mb(pid)
    held = asyncio.run(hold(base, "/v1/screens/home/events", options.hold, pid))
    per_stream_kb = (held - before) * 1024 / options.hold
    rows.append((f"{options.hold:,} idle streams held", held, None, None, f"{per_stream_kb:.1f} KB a stream"))
    ended = wait_for_streams_to_end(base)
    measure("after the held streams closed", f"all ended: {ended}")

    urls = screen_urls(base, options.screens)
    started = time.monotonic()
    statuses = fetch_all(base, urls)
    measure(f"after {options.screens:,} distinct screen URLs",
            f"{time.monotonic() - started:.0f} s, statuses {statuses}")

    users = [user["key"] for user in all_pages(base, "/v1/users")]
    habits = [habit["id"] for habit in all_pages(base, "/v1/habits")]
    screens = [f"/v1/screens/home/events?user={user}" for user in users]
    screens += [f"/screens/habit/live?habit={habit}" for habit in habits]
    screens += [f"/v1/screens/emoji/events?habit={habit}&layout=grid" for habit in habits[:4]]
    paths = [screens[index % len(screens)] for index in range(options.streams)]
    started = time.monotonic()
    asyncio.run(open_and_drop(base, paths))
    ended = wait_for_streams_to_end(base)
    measure(f"after {options.streams:,} streams opened and dropped",
            f"{time.monotonic() - started:.0f} s, all ended: {ended}")

    print("| stage | resident MB | hub entries | hub MB (estimated) | note |")
    print("|---|---:|---:|---:|---|")
    for stage, rss, entries, cache, note in rows:
        entries_text = "" if entries is None else f"{entries:,.0f}"
        cache_text = "" if cache is None else f"{cache:.1f}"
        print(f"| {stage} | {rss:.1f} | {entries_text} | {cache_text} | {note} |")
    peak = max(row[1] for row in rows)
    limit = options.budget_mb + 150
    print(f"\npeak resident memory {peak:.1f} MB (goal under {limit} MB: "
          f"{'met' if peak < limit else 'NOT met'}); an idle stream {per_stream_kb:.1f} KB "
          f"(goal under 16 KB: {'met' if per_stream_kb < 16 else 'NOT met'})")
    return 0 if peak < limit and per_stream_kb < 16 else 1


if __name__ == "__main__":
    sys.exit(main())
