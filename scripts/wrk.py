"""wrk's request scripts and its output, for the figure scripts
(scripts/load.py, scripts/bench-server)."""

import json
import re
import tempfile


def wrk_script(method=None, body=None, headers=None):
    lines = []
    if method:
        lines.append(f'wrk.method = "{method}"')
    if body:
        lines.append(f"wrk.body = {json.dumps(body)}")
    for k, v in (headers or {}).items():
        lines.append(f'wrk.headers["{k}"] = "{v}"')
    f = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    f.write("\n".join(lines) + "\n")
    f.close()
    return f.name


def parse_wrk(out):
    def seconds(text):
        value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
        return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = seconds(re.search(r"\s50%\s+(\S+)", out).group(1))
    p99 = seconds(re.search(r"\s99%\s+(\S+)", out).group(1))
    errors = 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        errors += int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        errors += sum(int(x) for x in m.groups())
    total = int(re.search(r"(\d+) requests in", out).group(1))
    return rps, p50, p99, errors, total
