#!/usr/bin/env python3
"""Live screens under load: many open Home streams on distinct viewers, writes at a steady rate.

For each write, the time from its acknowledgement to the arrival of the change it caused on every
stream it affected. Streams are read with asyncio over plain sockets (no third-party packages).
Usage: live_load.py BASE_URL [--viewers 1000] [--rate 50] [--seconds 20] [--graph demo|peers];
run it through live-load.sh.
"""
import argparse
import asyncio
import bisect
import json
import random
import re
import statistics
import sys
import time
import urllib.request
from urllib.parse import urlparse


def request(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as response:
        text = response.read()
        return json.loads(text) if text else None


def all_pages(base, path):
    items, cursor = [], None
    while True:
        page = request(base, "GET", path + "?limit=200" + (f"&cursor={cursor}" if cursor else ""))
        items += page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            return items


class Stream(asyncio.Protocol):
    """One Server-Sent Events connection. While the load runs it only keeps what arrives, with the time,
    so that the client takes as little as possible of the cores it shares with the server; `events`
    decodes it afterwards."""

    def __init__(self, key, request):
        self.key = key
        self.request = request
        self.received = []  # (arrival, bytes)
        self.first = asyncio.get_running_loop().create_future()
        self.opening = b""

    def connection_made(self, transport):
        transport.write(self.request)

    def data_received(self, data):
        self.received.append((time.monotonic(), data))
        if not self.first.done():
            self.opening += data
            if b"event: document" in self.opening:
                self.first.set_result(True)

    def events(self):
        """(arrival, event, id, data) for each event: the arrival of the read that completed it."""
        raw = b"".join(data for _, data in self.received)
        ends, offset = [], 0
        for arrival, data in self.received:
            offset += len(data)
            ends.append((offset, arrival))
        position = raw.index(b"\r\n\r\n") + 4
        events, pending, end_index = [], b"", 0
        while position < len(raw):
            line_end = raw.index(b"\r\n", position)
            size = int(raw[position:line_end] or b"0", 16)
            if size == 0:
                break
            start = line_end + 2
            chunk_end = start + size
            if chunk_end + 2 > len(raw):
                break
            while ends[end_index][0] < chunk_end:
                end_index += 1
            arrival = ends[end_index][1]
            pending += raw[start:chunk_end]
            position = chunk_end + 2
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                fields = dict(line.split(": ", 1) for line in block.decode().split("\n")
                              if ": " in line and not line.startswith(":"))
                if "event" in fields:
                    events.append((arrival, fields["event"], fields.get("id"), fields.get("data")))
        return events


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--viewers", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--graph", choices=["demo", "peers"], default="demo")
    options = parser.parse_args()
    base = options.base
    url = urlparse(base)
    rng = random.Random(2026)

    habits = [habit["id"] for habit in all_pages(base, "/v1/habits")]
    people = [user["id"] for user in all_pages(base, "/v1/users")]
    # "demo": everyone follows 5 of the demo's people, who do all the writing, so one write changes up
    # to hundreds of Homes. "peers": viewers follow 5 other viewers, who do the writing.
    print(f"setting up {options.viewers} viewers, each with 3 favourites and 5 followed "
          f"{'people of the demo' if options.graph == 'demo' else 'other viewers'}", flush=True)
    keys, viewer_ids = [], []
    for index in range(options.viewers):
        key = f"viewer-{index}"
        viewer = request(base, "POST", "/v1/users", {"key": key, "name": f"Viewer {index}"})
        for habit in rng.sample(habits, 3):
            request(base, "PUT", f"/v1/users/{viewer['id']}/favorites/{habit}")
        if options.graph == "demo":
            for person in rng.sample(people, 5):
                request(base, "PUT", f"/v1/users/{viewer['id']}/following/{person}")
        keys.append(key)
        viewer_ids.append(viewer["id"])
    if options.graph == "peers":
        for viewer in viewer_ids:
            for person in rng.sample([other for other in viewer_ids if other != viewer], 5):
                request(base, "PUT", f"/v1/users/{viewer}/following/{person}")
    writers = people if options.graph == "demo" else viewer_ids

    loop = asyncio.get_running_loop()
    streams, transports = [], []
    for key in keys:
        path = f"/v1/screens/home/events?user={key}"
        request_bytes = f"GET {path} HTTP/1.1\r\nHost: {url.hostname}:{url.port}\r\n" \
                        f"Accept: text/event-stream\r\n\r\n".encode()
        transport, stream = await loop.create_connection(lambda: Stream(key, request_bytes), url.hostname, url.port)
        streams.append(stream)
        transports.append(transport)
    opened = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(stream.first for stream in streams)), timeout=120)
    print(f"{len(streams)} streams open with their first document in {time.monotonic() - opened:.1f} s", flush=True)

    base_revision = request(base, "GET", "/readyz")["revision"]
    host, port = url.hostname, url.port
    reader, writer = await asyncio.open_connection(host, port)
    writes = []  # (revision, acknowledged at)
    written_pairs = []  # (user, habit) of each write
    count = int(options.rate * options.seconds)
    start = time.monotonic()
    for index in range(count):
        due = start + index / options.rate
        await asyncio.sleep(max(0, due - time.monotonic()))
        written = (rng.choice(writers), rng.choice(habits))
        written_pairs.append(written)
        body = json.dumps({"userID": written[0], "habitID": written[1]}).encode()
        writer.write(b"POST /v1/logs HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (host.encode(), port, len(body), body))
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = int([line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")][0])
        await reader.readexactly(length)
        acknowledged = time.monotonic()
        if not head.startswith(b"HTTP/1.1 201"):
            sys.exit(f"a write failed: {head[:40]!r}")
        # Writes are sequential and nothing else writes, so the i-th write is revision base + i + 1.
        writes.append((base_revision + index + 1, acknowledged))
    await asyncio.sleep(1)
    for transport in transports:
        transport.close()

    # The hub merges the commits it takes while busy into one batch, and every event of a batch is named
    # after the batch's last revision: the distinct event ids mark where batches end. An event charges
    # the writes of its batch that could explain what it changes: a card of the write's habit showing
    # the writer, or a line about the write's habit. When two writes of a batch could explain one change
    # both are charged, so the figure errs high; "every write of its batch" charges them all.
    names = {user["id"]: user["name"] for user in all_pages(base, "/v1/users")}
    habit_by_name = {habit["name"]: habit["id"] for habit in all_pages(base, "/v1/habits")}
    mention = re.compile(r" in (.+?)(?:\.\n|! )")
    acknowledged = dict(writes)
    write_revisions = [revision for revision, _ in writes]
    write_of = {base_revision + index + 1: written for index, written in enumerate(written_pairs)}
    changes = [(arrival, int(identifier.split(".")[0]), data) for stream in streams
               for arrival, kind, identifier, data in stream.events()[1:] if kind == "changes" and identifier]
    batch_ends = sorted({revision for _, revision, _ in changes} | {base_revision})
    per_write, per_batch, named = {}, {}, {}
    for arrival, revision, data in changes:
        if revision in acknowledged:
            named[revision] = max(named.get(revision, 0), arrival - acknowledged[revision])
        cards, lines = {}, set()
        for value in changed_values(json.loads(data)):
            content = value.get("content", {})
            if value.get("type") == "leaderboardHabit":
                cards[int(value["id"][6:])] = f"{content.get('leader')}\n{content.get('secondary')}"
            found = mention.search(content.get("message", "")) if value.get("type") == "followedUser" else None
            if found and found.group(1) in habit_by_name:
                lines.add(habit_by_name[found.group(1)])
        batch_start = batch_ends[bisect.bisect_left(batch_ends, revision) - 1]
        first = bisect.bisect_right(write_revisions, batch_start)
        last = bisect.bisect_right(write_revisions, revision)
        for covered in write_revisions[first:last]:
            delay = arrival - acknowledged[covered]
            per_batch[covered] = max(per_batch.get(covered, 0), delay)
            user, habit = write_of[covered]
            if habit in lines or names.get(user, "\0") + " " in cards.get(habit, ""):
                per_write[covered] = max(per_write.get(covered, 0), delay)
    metrics = urllib.request.urlopen(base + "/metrics", timeout=30).read().decode()
    for line in metrics.splitlines():
        if line.startswith(("habits_screen_rebuilds_total", "habits_screen_rechecks_total",
                            "habits_screen_events_sent_total",
                            "habits_screen_update_duration_seconds_count", "habits_screen_update_duration_seconds_sum",
                            'habits_screen_update_duration_seconds_bucket{le="0.025"',
                            'habits_screen_update_duration_seconds_bucket{le="0.1"')):
            print(line)
    if not per_write:
        sys.exit("no write reached a stream")
    print(f"{len(writes)} writes at {options.rate:g}/s over {len(streams)} streams ({options.graph}); "
          f"{len(changes)} change events "
          f"in {len(batch_ends) - 1} batches; {len(per_write)} writes changed at least one open Home")
    print("acknowledgement → last affected stream's event: " + summary(per_write.values()))
    print(f"  every write of its batch ({len(per_batch)}): " + summary(per_batch.values()))
    print(f"  only the writes an event is named after ({len(named)}): " + summary(named.values()))


def changed_values(changeset):
    """The new values of the items a changeset inserts or updates, in every stage."""
    for stage in changeset.get("stages", []):
        for key in ("itemInserts", "itemUpdates"):
            for change in stage.get(key, []):
                if isinstance(change.get("value"), dict):
                    yield change["value"]


def summary(values):
    delays = sorted(values)
    def percentile(p):
        return delays[min(len(delays) - 1, int(p * len(delays)))] * 1000
    return (f"p50 {percentile(0.5):.1f} ms, p90 {percentile(0.9):.1f} ms, p99 {percentile(0.99):.1f} ms, "
            f"max {delays[-1] * 1000:.1f} ms")


asyncio.run(main())
