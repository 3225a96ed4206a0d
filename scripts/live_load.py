#!/usr/bin/env python3
"""Live screens under load: many open Home streams on distinct viewers, writes at a steady rate.

For each write, the time from its acknowledgement to the arrival of the change it caused on every
stream it affected, which a model of Home's rules (home_model.py) tells, checked against the server's
documents afterwards. Streams are read with asyncio over plain sockets (no third-party packages).
Usage: live_load.py BASE_URL [--viewers 1000] [--rate 50] [--seconds 20] [--graph demo|peers];
run it through live-load.sh.
"""
import argparse
import asyncio
import bisect
import json
import os
import random
import sys
import time
import urllib.request
from urllib.parse import urlparse

from home_model import HomeModel

CONNECTING_AT_ONCE = 64  # streams the client opens together


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
        self.last_id = 0  # the revision of the newest event, found as bytes arrive
        self.tail = b""  # the end of what arrived, in case an event's id line comes in two reads

    def connection_made(self, transport):
        transport.write(self.request)

    last_arrival = 0.0  # of any stream's events: the run waits for the streams to go quiet

    def data_received(self, data):
        arrival = time.monotonic()
        # Keep-alive comments come all the time, a few streams at a time: they are not events.
        if b"data:" in data or b": keep-alive" not in data:
            Stream.last_arrival = arrival
        self.received.append((arrival, data))
        seen = self.tail + data
        found = seen.rfind(b"\nid: ")
        if found >= 0:
            end = found + 5
            while end < len(seen) and seen[end:end + 1].isdigit():
                end += 1
            if found + 5 < end < len(seen):
                self.last_id = max(self.last_id, int(seen[found + 5:end]))
        self.tail = seen[-64:]
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
    parser.add_argument("--slowest", type=int, default=int(os.environ.get("LIVE_SLOWEST", "0")),
                        help="list this many slowest writes, with the wall-clock time of their acknowledgement")
    parser.add_argument("--write-base", help="another instance on the same database, to send the writes to")
    parser.add_argument("--server-pid", type=int, action="append", default=[],
                        help="a server process whose CPU time during the writes is reported (repeatable)")
    options = parser.parse_args()
    base = options.base
    url = urlparse(base)
    write_url = urlparse(options.write_base or base)
    rng = random.Random(2026)

    habits = [habit["id"] for habit in all_pages(base, "/v1/habits")]
    people = [user["id"] for user in all_pages(base, "/v1/users")]
    # "demo": everyone follows 5 of the demo's people, who do all the writing, so one write changes up
    # to hundreds of Homes. "peers": viewers follow 5 other viewers, who do the writing.
    print(f"setting up {options.viewers} viewers, each with 3 favourites and 5 followed "
          f"{'people of the demo' if options.graph == 'demo' else 'other viewers'}", flush=True)
    keys, viewer_ids, favorites, following = [], [], {}, {}
    for index in range(options.viewers):
        key = f"viewer-{index}"
        viewer = request(base, "POST", "/v1/users", {"key": key, "name": f"Viewer {index}"})
        favorites[viewer["id"]] = set(rng.sample(habits, 3))
        for habit in favorites[viewer["id"]]:
            request(base, "PUT", f"/v1/users/{viewer['id']}/favorites/{habit}")
        if options.graph == "demo":
            following[viewer["id"]] = rng.sample(people, 5)
            for person in following[viewer["id"]]:
                request(base, "PUT", f"/v1/users/{viewer['id']}/following/{person}")
        keys.append(key)
        viewer_ids.append(viewer["id"])
    if options.graph == "peers":
        for viewer in viewer_ids:
            following[viewer] = rng.sample([other for other in viewer_ids if other != viewer], 5)
            for person in following[viewer]:
                request(base, "PUT", f"/v1/users/{viewer}/following/{person}")
    # Everything the Homes show, for the model: names, keys and every count (the course API's statistics).
    users = {user["id"]: (user["name"], user["key"]) for user in all_pages(base, "/v1/users")}
    habit_names = {habit["id"]: habit["name"] for habit in all_pages(base, "/v1/habits")}
    user_by_key = {key: user for user, (_, key) in users.items()}
    habit_by_name = {name: habit for habit, name in habit_names.items()}
    counts = {(user_by_key[entry["user"]["id"]], habit_by_name[statistics["habit"]["name"]]): entry["count"]
              for statistics in request(base, "GET", "/habitStats") for entry in statistics["userCounts"]}
    writers = people if options.graph == "demo" else viewer_ids

    loop = asyncio.get_running_loop()
    streams, transports = [], []
    # From the first connection: a server answers the first streams while the client still connects.
    opened = time.monotonic()
    cpu_opening = cpu_times(options.server_pid)

    async def connect(key):
        path = f"/v1/screens/home/events?user={key}"
        request_bytes = f"GET {path} HTTP/1.1\r\nHost: {url.hostname}:{url.port}\r\n" \
                        f"Accept: text/event-stream\r\n\r\n".encode()
        return await loop.create_connection(lambda: Stream(key, request_bytes), url.hostname, url.port)

    # A few connections at a time, as many clients would open them: one after the other, the client's own
    # round trips would set the pace.
    for first in range(0, len(keys), CONNECTING_AT_ONCE):
        for transport, stream in await asyncio.gather(*map(connect, keys[first:first + CONNECTING_AT_ONCE])):
            streams.append(stream)
            transports.append(transport)
    await asyncio.wait_for(asyncio.gather(*(stream.first for stream in streams)), timeout=120)
    opening = time.monotonic() - opened
    print(f"{len(streams)} streams open with their first document in {opening:.1f} s", flush=True)
    print(cpu_report(cpu_opening, cpu_times(options.server_pid), opening, "opening the streams"), flush=True)

    base_revision = request(base, "GET", "/readyz")["revision"]
    host, port = write_url.hostname, write_url.port
    reader, writer = await asyncio.open_connection(host, port)
    writes = []  # (revision, acknowledged at)
    wall_clock = {}  # revision -> the acknowledgement's wall-clock time, to line the tail up with server logs
    written_pairs = []  # (user, habit) of each write
    count = int(options.rate * options.seconds)
    cpu_before = cpu_times(options.server_pid)
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
        wall_clock[base_revision + index + 1] = time.time()
    # Until the streams have been quiet for a second (at most a minute): a server behind the writes is
    # still sending their changes, which would otherwise count as never sent.
    finished = time.monotonic()
    await asyncio.sleep(1)
    while time.monotonic() - Stream.last_arrival < 1 and time.monotonic() - finished < 60:
        await asyncio.sleep(0.2)
    cpu_after = cpu_times(options.server_pid)
    cpu_window = time.monotonic() - start

    acknowledged = dict(writes)
    # Which Homes each write changed, from the Home's rules kept over every count (home_model.py); the
    # model is checked against the server's documents below. A write is charged, for each Home it
    # changed, the arrival of that stream's first event at or after its revision, unless a later write
    # undid the change by then (the Home at that revision shows what it showed before the write).
    model = HomeModel(users, habit_names, counts, favorites, following)
    history = {viewer: [(base_revision, model.home(viewer))] for viewer in viewer_ids}
    changed_by = {}
    for index, (user, habit) in enumerate(written_pairs):
        revision = base_revision + index + 1
        changed_by[revision] = model.log(user, habit)
        for viewer in changed_by[revision]:
            history[viewer].append((revision, model.home(viewer)))
    key_of = dict(zip(viewer_ids, keys))

    def shown(viewer, revision):
        entries = history[viewer]
        return entries[bisect.bisect_right(entries, revision, key=lambda entry: entry[0]) - 1][1]

    # A server can pause between its batches for longer than the second of quiet: a stream whose newest
    # event does not show its Home as it is after the last write is waited for (at most a minute), so that
    # a change on its way is not counted as never sent. Events that arrive while the model is built above
    # are timed late; they come only from a server that paused that long, a run far past its goal anyway.
    def shows_final(viewer, revision):
        """Whether a stream whose newest event is at `revision` shows its Home as it is after the last write."""
        return shown(viewer, 1 << 62) == shown(viewer, revision)

    def behind():
        return [viewer for viewer, stream in zip(viewer_ids, streams)
                if not shows_final(viewer, max(stream.last_id, base_revision))]
    while behind() and time.monotonic() - finished < 60:
        await asyncio.sleep(0.5)
    for transport in transports:
        transport.close()
    arrivals = {}  # viewer -> sorted [(revision, arrival)] of its events after the first document
    documents = 0  # documents sent after the first: to a stream that fell behind
    for viewer, stream in zip(viewer_ids, streams):
        # Events named at or before the first write come from the setup's last commits.
        events = [(kind, identifier, arrival) for arrival, kind, identifier, _ in stream.events()[1:]
                  if kind in ("changes", "document") and identifier
                  and int(identifier.split(".")[0]) > base_revision]
        documents += sum(1 for kind, _, _ in events if kind == "document")
        arrivals[viewer] = [(int(identifier.split(".")[0]), arrival) for _, identifier, arrival in events]

    per_write, missed = {}, []
    for revision, viewers in changed_by.items():
        for viewer in viewers:
            before = shown(viewer, revision - 1)
            events = arrivals[viewer]
            position = bisect.bisect_left(events, revision, key=lambda event: event[0])
            if position == len(events):
                # No event after the write: the stream is right if its last event shows the final Home. Later
                # writes may have undone this one before a server behind them took both as one change (a
                # followed person passed and back): it then rightly sends nothing.
                if not shows_final(viewer, events[-1][0] if events else base_revision):
                    missed.append((revision, key_of[viewer]))
                continue
            if shown(viewer, events[position][0]) == before:
                continue
            delay = events[position][1] - acknowledged[revision]
            per_write[revision] = max(per_write.get(revision, 0), delay)
    # An event that shows nothing new: the Home at its revision is the Home at the one before.
    idle = sum(1 for viewer in viewer_ids for (before, _), (after, _) in
               zip([(base_revision, 0)] + arrivals[viewer], arrivals[viewer])
               if shown(viewer, before) == shown(viewer, after))
    # The model against the server: every viewer's Home, as the server shows it now.
    disagreements = 0
    for viewer in viewer_ids:
        document = request(base, "GET", f"/v1/screens/home?user={key_of[viewer]}")
        cards, lines = {}, {}
        for section in document["sections"]:
            for item in section["items"]:
                content = item["content"]
                if section["id"] == "leaderboard":
                    cards[int(item["id"][6:])] = (content["leader"], content["secondary"])
                elif section["id"] == "followedUsers":
                    lines[int(item["id"][5:])] = content["message"]
        if (cards, lines) != model.home(viewer):
            disagreements += 1
            if disagreements <= 3:
                print(f"the model and the server disagree on {key_of[viewer]}'s Home:\n"
                      f"  server {(cards, lines)}\n  model  {model.home(viewer)}", file=sys.stderr)
    metrics = urllib.request.urlopen(base + "/metrics", timeout=30).read().decode()
    for line in metrics.splitlines():
        if line.startswith(("habits_screen_rebuilds_total", "habits_screen_rechecks_total",
                            "habits_screen_patches_total", "habits_screen_late_rechecks_total",
                            "habits_screen_events_sent_total",
                            "habits_screen_update_duration_seconds_count", "habits_screen_update_duration_seconds_sum",
                            'habits_screen_update_duration_seconds_bucket{le="0.025"',
                            'habits_screen_update_duration_seconds_bucket{le="0.1"')):
            print(line)
    events = sum(len(events) for events in arrivals.values())
    changes = sum(len(viewers) for viewers in changed_by.values())
    print(f"{len(writes)} writes at {options.rate:g}/s over {len(streams)} streams ({options.graph}); "
          f"{changes} Home changes, {events} events; {len(per_write)} writes changed at least one open Home")
    if per_write:
        print("acknowledgement → last affected stream's event: " + summary(per_write.values()))
    print(cpu_report(cpu_before, cpu_after, cpu_window))
    slowest = sorted(per_write, key=per_write.get, reverse=True)[:options.slowest]
    for revision in sorted(slowest):
        print(f"  slow write: revision {revision}, acknowledged at {wall_clock[revision]:.3f}, "
              f"{per_write[revision] * 1000:.1f} ms, {len(changed_by[revision])} Homes changed")
    print(f"events showing nothing new: {idle}; documents sent again: {documents}; "
          f"changes never sent: {len(missed)}; Homes the model gets wrong: {disagreements}")
    if idle or missed or disagreements or not per_write:
        sys.exit(f"the streams and the writes disagree: {missed[:5]}")


def cpu_times(server_pids):
    """CPU seconds so far of the servers, of this client, and of the whole machine (busy, all)."""
    tick = os.sysconf("SC_CLK_TCK")
    servers = 0.0
    for pid in server_pids:
        with open(f"/proc/{pid}/stat") as stat:
            # Fields 14 and 15 (user and system ticks) come after the parenthesised command name.
            fields = stat.read().rsplit(")", 1)[1].split()
            servers += (int(fields[11]) + int(fields[12])) / tick
    mine = os.times()
    with open("/proc/stat") as stat:
        ticks = [int(value) for value in stat.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return servers, mine.user + mine.system, (sum(ticks) - idle) / tick, sum(ticks) / tick


def cpu_report(before, after, seconds, during="writes and their events"):
    """Who had the machine's cores during a stage (the writes, by default): the servers, this client and the
    rest."""
    servers, client, busy, total = (end - start for start, end in zip(before, after))
    cores = total / seconds
    def share(value):
        return f"{value:.1f} s ({100 * value / total:.0f}% of {cores:.0f} cores)"
    return (f"CPU over the {seconds:.1f} s of {during}: server {share(servers)}, "
            f"load client {share(client)}, "
            f"everything else {share(max(0.0, busy - servers - client))}, idle {share(total - busy)}")


def summary(values):
    delays = sorted(values)
    def percentile(p):
        return delays[min(len(delays) - 1, int(p * len(delays)))] * 1000
    return (f"p50 {percentile(0.5):.1f} ms, p90 {percentile(0.9):.1f} ms, p99 {percentile(0.99):.1f} ms, "
            f"max {delays[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
