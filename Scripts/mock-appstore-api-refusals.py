#!/usr/bin/env python3
"""Proves that Scripts/mock-appstore-api.py refuses what Apple's server refuses (AppStoreAPIScenarioTests).

usage: mock-appstore-api-refusals.py CASES.json

CASES.json: {"baseUrl", "caFile", "key" (the .p8), "otherKey" (another .p8), "keyId", "issuerId", "bundleId",
"transactionId"}. Sends one good request, then requests each wrong in one way (the token's signature,
header, each claim, its lifetime; the path, method, query, body), and prints
{"results": [{"name", "status", "errorCode"}]} for the test to hold to the expected statuses.
"""
import base64
import json
import ssl
import sys
import time
import urllib.error
import urllib.request

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token(key, header, claims, tamper=None):
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    if tamper:
        signing_input = tamper(signing_input)
    return signing_input + "." + b64url(signature)


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    load = lambda path: serialization.load_pem_private_key(open(path, "rb").read(), password=None)
    key, other = load(cases["key"]), load(cases["otherKey"])
    context = ssl.create_default_context(cafile=cases["caFile"])
    now = int(time.time())
    header = {"alg": "ES256", "kid": cases["keyId"], "typ": "JWT"}
    claims = {"iss": cases["issuerId"], "iat": now, "exp": now + 300, "aud": "appstoreconnect-v1",
              "bid": cases["bundleId"]}
    info = "/inApps/v1/transactions/" + cases["transactionId"]

    def with_claims(**changes):
        changed = dict(claims, **changes)
        return {name: value for name, value in changed.items() if value is not None}

    def tamper_claims(signing_input):
        first, _ = signing_input.split(".")
        return first + "." + b64url(json.dumps(dict(claims, bid="com.example.other")).encode())

    good = token(key, header, claims)
    requests = [
        ("good", "GET", info, good, None),
        ("no token", "GET", info, None, None),
        ("another key", "GET", info, token(other, header, claims), None),
        ("claims changed after signing", "GET", info, token(key, header, claims, tamper_claims), None),
        ("alg ES384", "GET", info, token(key, dict(header, alg="ES384"), claims), None),
        ("wrong kid", "GET", info, token(key, dict(header, kid="AAAAAAAAAA"), claims), None),
        ("no typ", "GET", info, token(key, {"alg": "ES256", "kid": cases["keyId"]}, claims), None),
        ("wrong iss", "GET", info, token(key, header, with_claims(iss="00000000-0000-0000-0000-000000000000")), None),
        ("wrong aud", "GET", info, token(key, header, with_claims(aud="appstoreconnect-v2")), None),
        ("wrong bid", "GET", info, token(key, header, with_claims(bid="com.example.other")), None),
        ("no exp", "GET", info, token(key, header, with_claims(exp=None)), None),
        ("expired", "GET", info, token(key, header, with_claims(iat=now - 600, exp=now - 300)), None),
        ("exp two hours away", "GET", info, token(key, header, with_claims(exp=now + 7200)), None),
        ("exp two hours away without iat", "GET", info, token(key, header, with_claims(iat=None, exp=now + 7200)),
         None),
        ("iat in the future", "GET", info, token(key, header, with_claims(iat=now + 600, exp=now + 900)), None),
        ("lifetime over an hour", "GET", info, token(key, header, with_claims(iat=now - 3300, exp=now + 600)), None),
        ("extra claim", "GET", info, token(key, header, with_claims(scope="GET /inApps")), None),
        ("non-numeric transaction id", "GET", "/inApps/v1/transactions/abc", good, None),
        ("an app transaction id for a transaction's info", "GET", "/inApps/v1/transactions/705000000000001", good,
         None),
        ("wrong method", "DELETE", info, good, None),
        ("no such path", "GET", "/inApps/v9/nothing", good, None),
        ("unknown query parameter", "GET", info + "?debug=1", good, None),
        ("unknown revision", "GET", "/inApps/v2/history/" + cases["transactionId"] + "?revision=nowhere", good, None),
        ("a body on a GET", "GET", info, good, b"{}"),
        ("unknown body member", "PUT", "/inApps/v1/transactions/" + cases["transactionId"] + "/appAccountToken",
         good, json.dumps({"appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813", "extra": 1}).encode()),
        ("extendByDays out of range", "PUT", "/inApps/v1/subscriptions/extend/" + cases["transactionId"], good,
         json.dumps({"extendByDays": 91, "extendReasonCode": 1, "requestIdentifier": "r"}).encode()),
    ]
    results = []
    for name, method, path, bearer, body in requests:
        request = urllib.request.Request(cases["baseUrl"] + path, data=body, method=method)
        if bearer:
            request.add_header("Authorization", "Bearer " + bearer)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, context=context, timeout=30) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        try:
            code = json.loads(text).get("errorCode")
        except ValueError:
            code = None
        results.append({"name": name, "status": status, "errorCode": code})
    print(json.dumps({"results": results}, sort_keys=True))


if __name__ == "__main__":
    main()
