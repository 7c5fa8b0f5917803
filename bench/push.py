#!/usr/bin/env python3
"""Pushes raw payloads to POST /api/ingest/{profile}, PARALLEL at a time, each sender thread on one kept-alive
connection (as a load generator does, so that the machine's CPU goes to the server rather than to starting a
client process a payload). Fails on any answer but 200, naming the payload; prints the readings stored.

usage: push.py URL KEY PARALLEL PAYLOAD...
"""
import http.client
import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit


def main(url, key, parallel, payloads):
    target = urlsplit(url)
    local = threading.local()

    def push(path):
        with open(path, "rb") as payload:
            body = payload.read()
        if not hasattr(local, "connection"):
            local.connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
        local.connection.request("POST", target.path, body, {
            "Authorization": "ApiKey " + key, "Content-Type": "text/plain"})
        answer = local.connection.getresponse()
        text = answer.read()
        if answer.status != 200:
            raise SystemExit(f"ingest of {path} answered {answer.status}: {text.decode(errors='replace')}")
        return json.loads(text)["stored"]

    with ThreadPoolExecutor(parallel) as senders:
        print(sum(senders.map(push, payloads)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:])
