#!/usr/bin/env python3
"""What an event stream costs in Hummingbird alone, measured as the Habits scripts measure Habits.

Against the server of scripts/stream-floor (event streams that do no work), one measure a run:
  memory MODE COUNT [PATH]
                       resident memory per connection held open: MODE raw (accepted, nothing sent),
                       keepalive (after one GET /healthz) or stream (the event stream PATH, default
                       /events, after its document); read 2 s after the last opened, as memory.py reads
                       Habits' idle streams. PATH /v1/screens/home/events measures Habits the same way.
  start COUNT          COUNT streams opened 64 at a time to their first event, as live_load.py opens them
  fanout COUNT WAKES   COUNT streams, each wake of all of them timed from the request to the last
                       stream's event, one wake every 200 ms
Connections come from 127.0.0.2 and up, as memory.py spreads them. No third-party packages.
Usage: stream_floor.py BASE_URL PID MEASURE ARGS...; run it through stream-floor.sh.
"""
import asyncio
import statistics
import sys
import time
from urllib.parse import urlparse

from live_load import CONNECTING_AT_ONCE, cpu_times
from memory import rss_mb, source


def cpu_seconds(pid):
    """CPU seconds so far of the server `pid` and of this client."""
    server, client, _, _ = cpu_times([pid])
    return server, client


async def read_until(reader, marker):
    received = b""
    while marker not in received:
        chunk = await reader.read(65536)
        if not chunk:
            raise RuntimeError(f"the connection ended: {received[:200]!r}")
        received += chunk


async def connect(base, index, mode, path="/events"):
    """A connection from `index`'s address: raw, after one keep-alive request, or a stream after its document."""
    parsed = urlparse(base)
    host = f"{parsed.hostname}:{parsed.port}"
    reader, writer = await asyncio.open_connection(parsed.hostname, parsed.port, local_addr=(source(index), 0))
    if mode == "keepalive":
        writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await read_until(reader, b"\r\n\r\n")
    elif mode == "stream":
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await read_until(reader, b"event: document")
    return reader, writer


async def open_all(base, count, mode, path="/events"):
    limit = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def one(index):
        async with limit:
            return await connect(base, index, mode, path)

    return await asyncio.gather(*(one(index) for index in range(count)))


async def memory(base, pid, mode, count, path):
    before = rss_mb(pid)
    connections = await open_all(base, count, mode, path)
    await asyncio.sleep(2)
    held = rss_mb(pid)
    print(f"{(held - before) * 1024 / count:.1f} KB")
    for _, writer in connections:
        writer.close()


async def start(base, pid, count):
    (server, client), began = cpu_seconds(pid), time.monotonic()
    connections = await open_all(base, count, "stream")
    took = time.monotonic() - began
    server_after, client_after = cpu_seconds(pid)
    server, client = server_after - server, client_after - client
    print(f"| {count:,} | {took:.2f} s | {server:.2f} s ({server * 1000 / count:.2f} ms a stream) | {client:.2f} s |")
    for _, writer in connections:
        writer.close()


async def fanout(base, pid, count, wakes):
    connections = await open_all(base, count, "stream")
    waiting = {"left": 0, "done": None, "at": 0.0}

    async def follow(reader):
        while chunk := await reader.read(65536):
            waiting["left"] -= chunk.count(b"event: change")
            if waiting["left"] <= 0 and waiting["done"] is not None and not waiting["done"].done():
                waiting["at"] = time.monotonic()
                waiting["done"].set_result(None)

    followers = [asyncio.create_task(follow(reader)) for reader, _ in connections]
    reader, writer = await connect(base, count, "raw")
    latencies = []
    server, client = cpu_seconds(pid)
    for event in range(1, wakes + 1):
        waiting["left"], waiting["done"] = count, asyncio.get_running_loop().create_future()
        began = time.monotonic()
        writer.write(f"POST /wake?event={event} HTTP/1.1\r\nHost: floor\r\nContent-Length: 0\r\n\r\n".encode())
        await asyncio.wait_for(waiting["done"], 30)
        latencies.append((waiting["at"] - began) * 1000)
        await read_until(reader, b"\r\n\r\n")
        await asyncio.sleep(0.2)
    server_after, client_after = cpu_seconds(pid)
    server, client = server_after - server, client_after - client
    events = count * wakes
    latencies.sort()
    print(f"| {count:,} | {statistics.median(latencies):.1f} ms | {latencies[-1]:.1f} ms "
          f"| {server * 1e6 / events:.1f} µs | {client * 1e6 / events:.1f} µs |")
    for follower in followers:
        follower.cancel()


def main():
    base, pid, measure, *arguments = sys.argv[1:]
    pid = int(pid)
    if measure == "memory":
        path = arguments[2] if len(arguments) > 2 else "/events"
        asyncio.run(memory(base, pid, arguments[0], int(arguments[1]), path))
    elif measure == "start":
        asyncio.run(start(base, pid, int(arguments[0])))
    elif measure == "fanout":
        asyncio.run(fanout(base, pid, int(arguments[0]), int(arguments[1])))
    else:
        raise SystemExit(f"unknown measure {measure}")


if __name__ == "__main__":
    main()
