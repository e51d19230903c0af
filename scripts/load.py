#!/usr/bin/env python3
"""Load and abuse figures for a release server on 127.0.0.1 (`make load`).

1. wrk for 60 s at 256 connections in all: four wrk runs at once, 64
   connections each, on `/build?s=<20 ships>`, `/api/search?q=energy`,
   `POST /api/validate` and a hashed `/pkg` wasm (Accept-Encoding: br).
2. 2,000 idle half-open connections (half a request head each) held while
   normal requests are timed; then how many the server closed by itself.

Prints requests per second, p50 and p99 latency and errors per route, and
the server's resident memory before and after. Figures, not a test.
Usage: scripts/load.py http://127.0.0.1:3299 SERVER_PID [SECONDS]
"""

import glob
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from squads import xws_squad
from wrk import parse_wrk, wrk_script

BASE = sys.argv[1]
PID = int(sys.argv[2])
SECONDS = int(sys.argv[3]) if len(sys.argv) > 3 else 60
HOST, PORT = BASE.removeprefix("http://").split(":")
PORT = int(PORT)
CONNECTIONS_PER_ROUTE = 64
HALF_OPEN = 2000

if HOST not in ("127.0.0.1", "localhost"):
    sys.exit("load.py: only a server on 127.0.0.1")


def rss_kib():
    with open(f"/proc/{PID}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def post(path, body):
    req = urllib.request.Request(BASE + path, data=body.encode(), method="POST")
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def timed_get(path, runs=21):
    """Median wall time and the status of GET path (statuses of errors too)."""
    times, status, size = [], None, 0
    for _ in range(runs):
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(BASE + path) as r:
                size = len(r.read())
                status = r.status
        except urllib.error.HTTPError as e:
            size = len(e.read())
            status = e.code
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2], status, size


def bounded_work():
    """Hostile simulator addresses answer fast: bounded pages or an error."""
    cases = [
        ("/rules/huge-ships, 10,000 upgrade names (`hlt`)",
         "/rules/huge-ships?up=" + ",".join(["hlt"] * 10_000)),
        ("/rules/huge-ships, 10,000 upgrade names (`heavylaserturret`)",
         "/rules/huge-ships?up=" + ",".join(["heavylaserturret"] * 10_000)),
        ("/rules/huge-ships, 16 turrets and 10,000 rounds",
         "/rules/huge-ships?up=" + ",".join(["heavylaserturret"] * 16)
         + "&rounds=" + "~".join(["1S.a2.fire"] * 4_000)),
        ("/rules/huge-ships, 12 v 12 dice, every modifier",
         "/rules/huge-ships?a=12&d=12&r=1&obstructed=1&afocus=1&lock=1&cells=1&thugs=1"
         "&sunny=1&inaldra=3&dfocus=1&evade=1&dsunny=1&dinaldra=1"),
    ]
    print(f"{'bounded work (median of 21, release)':64} {'ms':>8} {'status':>6} {'bytes':>8}")
    for name, path in cases:
        median, status, size = timed_get(path)
        print(f"{name:64} {median * 1e3:8.2f} {status:6} {size:8}")
    print()


def main():
    code = post("/api/link", json.dumps(xws_squad(20)))["code"]
    wasm = sorted(glob.glob("target/site/pkg/*.wasm"))
    if not wasm:
        sys.exit("load.py: no wasm in target/site/pkg (build the release first)")
    wasm_path = "/pkg/" + os.path.basename(wasm[0])
    validate_body = json.dumps(xws_squad(9))
    routes = [
        ("GET /build?s=<20 ships>", f"/build?s={code}", wrk_script()),
        ("GET /api/search?q=energy", "/api/search?q=energy", wrk_script()),
        ("POST /api/validate (9 ships)", "/api/validate",
         wrk_script("POST", validate_body, {"Content-Type": "application/json"})),
        (f"GET {wasm_path} (br)", wasm_path, wrk_script(headers={"Accept-Encoding": "br, gzip"})),
    ]
    bounded_work()
    rss_before = rss_kib()
    print(f"wrk: {SECONDS} s, {CONNECTIONS_PER_ROUTE * len(routes)} connections "
          f"({CONNECTIONS_PER_ROUTE} per route, all routes at once)", flush=True)
    procs = [
        subprocess.Popen(
            ["wrk", "-t", "1", "-c", str(CONNECTIONS_PER_ROUTE), "-d", f"{SECONDS}s",
             "--latency", "--timeout", "10s", "-s", script, BASE + path],
            stdout=subprocess.PIPE, text=True)
        for _, path, script in routes
    ]
    outputs = [p.communicate()[0] for p in procs]
    rss_after_load = rss_kib()
    print(f"{'route':44} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'requests':>9}")
    for (name, _, _), out in zip(routes, outputs):
        try:
            rps, p50, p99, errors, total = parse_wrk(out)
        except (AttributeError, ValueError):
            print(f"{name:44} could not read wrk's output:\n{out}")
            continue
        print(f"{name:44} {rps:9.0f} {p50 * 1e3:8.2f} {p99 * 1e3:8.2f} {errors:7d} {total:9d}")

    # Idle half-open connections: half a request head each.
    held = []
    for _ in range(HALF_OPEN):
        s = socket.create_connection((HOST, PORT))
        s.sendall(b"GET /build HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        held.append(s)
    times = []
    statuses = []
    for _ in range(20):
        start = time.perf_counter()
        with urllib.request.urlopen(BASE + "/api/search?q=energy") as r:
            r.read()
            statuses.append(r.status)
        times.append(time.perf_counter() - start)
    times.sort()
    rss_held = rss_kib()
    print(f"\nwith {len(held)} half-open connections held: 20 requests to /api/search?q=energy, "
          f"statuses {sorted(set(statuses))}, median {times[10] * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms")
    # The header timeout (10 s) closes them without help.
    time.sleep(12)
    closed = 0
    for s in held:
        s.settimeout(0.01)
        try:
            if s.recv(1) == b"":
                closed += 1
        except socket.timeout:
            pass
        except OSError:
            closed += 1
        s.close()
    print(f"after 12 s the server had closed {closed} of {len(held)} half-open connections")
    print(f"\nserver resident memory: {rss_before / 1024:.1f} MiB before, "
          f"{rss_after_load / 1024:.1f} MiB after the load, {rss_held / 1024:.1f} MiB "
          f"with the half-open connections held, {rss_kib() / 1024:.1f} MiB at the end")


if __name__ == "__main__":
    main()
