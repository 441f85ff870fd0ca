#!/usr/bin/env python3
"""A local App Store Server API over HTTPS for the tests of `receipt-check api` (make test-api).

It checks every request as Apple's server does and answers as Apple's server answers:
- the bearer token: ES256 signed by the key whose public half is --public-key, header alg ES256, kid
  (--key-id), typ JWT; claims iss (--issuer-id), aud appstoreconnect-v1, bid (--bundle-id), exp in the
  future and at most 60 minutes away, iat (Apple's Python library sends none) not in the future and at most
  60 minutes before exp; no other claim. A token that fails is 401 with Apple's plain-text body.
- the method and path of each operation, its query parameters and its JSON body (members, types, ranges
  of Apple's documentation; nothing else); a bad one is 400 with Apple's error body.
Responses with signed data are files the test minted with the test PKI (make-receipt --jws) in
--responses DIR; the rest are Apple's unsigned bodies, made here.

Scenarios by the transaction id in the path (any operation that takes one):
  1000000000000404  404 {"errorCode":4040010,"errorMessage":"Transaction id not found."}
  1000000000000405  a sandbox transaction: 404 4040010 from production; the sandbox answers it with
                    transaction-info-sandbox.json (signed with environment Sandbox)
  1000000000000429  429 with Retry-After: 1 on the first request for its path, then the answer
  1000000000000500  500 on the first request for its path, then the answer
  1000000000000503  500 on every request (retries run out)
  1000000000000408  the answer after --slow seconds (timeouts)
  1000000000000666  a history whose second element is forged (history-forged.json)
  1000000000000707  history pages that have more forever, each naming the same revision (history-1.json's
                    elements); refund history pages the same (refund-history-1.json's); also
  1000000000000717  (for a second test, which counts its own requests)
  1000000000000808  history pages that have more forever, each naming a new revision; refund history too;
  1000000000000818  also (for a second test)
  1000000000000909  the same, each page after --page-delay seconds (a deadline over all pages); also
  1000000000000919  (for a second test, which counts its own requests)
App transaction ids are 705 and twelve digits (the customer's is 705000000000001): Get Transaction Info
refuses one, 400 4000048, as Apple does; the operations that take any transaction id answer it as any other.
Get Transaction History pages: history-1.json, history-2.json, ... each naming in "revision" the token
that asks for the next; an unknown revision is 400 4000005. The last page's revision, saved and given
later, answers a page with nothing newer (no element, the same revision, no more), as Apple answers when
nothing changed since. Get Refund History reads refund-history-N.json the same way, Get Notification
History notification-history-N.json by "paginationToken" (an unknown one is 400 4000014); a notification
history request whose body's transactionId is one of those four gets pages that have more forever, as the
history's scenarios of that id.
Get Transaction Info answers transaction-info-ID.json for the id ID when the test gave one, else
transaction-info.json (the customer's current transaction, whatever id was asked: another question's answer).
Get All Subscription Statuses answers statuses-ID.json for the id ID when a test wrote one (the test may
write it while the mock runs: the files are read at each request), else statuses.json.
The Advanced Commerce API's subscription calls answer advanced-commerce-ID.json for the id ID when a test
wrote one, else advanced-commerce.json (a transaction and its renewal info); a refund request answers
advanced-commerce-refund.json (a transaction); their bodies are checked against Apple's models member by member.

Every request is recorded in --log as one JSON line: time, method, path, query (name to list of values,
in order), body, content type, user agent, JWT header and claims, the operation, status and any refusal.
Every answer names the request in an X-Apple-Request-UUID header, as Apple's do; the "requestId" of the
log's record is that value.
Paths under /sandbox are the sandbox's (the prefix is taken off; the log records "environment"), the
others production's: one mock plays both of Apple's hosts, and a test sees which one each request reached.
The port it listens on is printed as "port N" on standard output. It exits when its standard input
closes, so a test process that dies leaves no server behind.
"""
import argparse
import base64
import binascii
import json
import re
import ssl
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

AUDIENCE = "appstoreconnect-v1"
MAX_LIFETIME = 3600  # Apple refuses tokens whose exp is more than 60 minutes after iat (or now)
CLOCK_SKEW = 60
MAX_BODY = 1 << 20

NOT_FOUND_ID = "1000000000000404"
SANDBOX_ONLY_ID = "1000000000000405"
SANDBOX_PREFIX = "/sandbox"
RATE_LIMITED_ID = "1000000000000429"
FAIL_ONCE_ID = "1000000000000500"
FAIL_ALWAYS_ID = "1000000000000503"
SLOW_ID = "1000000000000408"
FORGED_ID = "1000000000000666"
LOOPING_IDS = ("1000000000000707", "1000000000000717")
ENDLESS_IDS = ("1000000000000808", "1000000000000818")
SLOW_PAGES_IDS = ("1000000000000909", "1000000000000919")

# Apple's error bodies (https://developer.apple.com/documentation/appstoreserverapi/error_codes).
GENERAL_BAD_REQUEST = (4000000, "An error that indicates an invalid request.")
INVALID_REQUEST_REVISION = (4000005, "Invalid request revision.")
INVALID_PAGINATION_TOKEN = (4000014, "Invalid pagination token.")
INVALID_TRANSACTION_ID = (4000006, "Invalid transaction id.")
INVALID_ORIGINAL_TRANSACTION_ID = (4000008, "Invalid original transaction id.")
APP_TRANSACTION_ID_NOT_SUPPORTED = (4000048, "Invalid request. App transactions aren't supported by this endpoint.")
TRANSACTION_ID_NOT_FOUND = (4040010, "Transaction id not found.")
RATE_LIMIT_EXCEEDED = (4290000, "Rate limit exceeded.")
GENERAL_INTERNAL = (5000000, "An unknown error occurred.")

DIGITS = re.compile(r"^[0-9]{1,20}$")
APP_TRANSACTION_ID = re.compile(r"^705[0-9]{12}$")
UUID_TEXT = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
SEGMENT = re.compile(r"^[A-Za-z0-9._-]{1,100}$")
LOCALE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


class Refusal(Exception):
    """A request Apple's server refuses: its status, and the error code and message of its body."""

    def __init__(self, status, error=None, reason=""):
        super().__init__(reason)
        self.status = status
        self.error = error
        self.reason = reason


def bad(reason, error=GENERAL_BAD_REQUEST):
    return Refusal(400, error, reason)


# ---- Members of request bodies: name -> (type, required, check) ----

def integer(low, high):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def one_of(*values):
    return lambda v: v in values


def string(maximum):
    return lambda v: isinstance(v, str) and 0 < len(v) <= maximum


def uuid_text(v):
    return isinstance(v, str) and UUID_TEXT.match(v) is not None


def boolean(v):
    return isinstance(v, bool)


def millis(v):
    return integer(0, 10**14)(v)


def list_of(check, maximum):
    return lambda v: isinstance(v, list) and 0 < len(v) <= maximum and all(check(x) for x in v)


def obj(members):
    return lambda v: isinstance(v, dict) and not check_members(v, members, "")


NOTIFICATION_TYPES = (
    "SUBSCRIBED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED", "DID_RENEW", "EXPIRED",
    "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED",
    "CONSUMPTION_REQUEST", "RENEWAL_EXTENDED", "REVOKE", "TEST", "RENEWAL_EXTENSION", "REFUND_REVERSED",
    "EXTERNAL_PURCHASE_TOKEN", "ONE_TIME_CHARGE", "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION",
    "PRICE_CHANGE")
NOTIFICATION_SUBTYPES = (
    "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED",
    "VOLUNTARY", "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED", "BILLING_RECOVERY",
    "PRODUCT_NOT_FOR_SALE", "SUMMARY", "FAILURE", "UNREPORTED", "ACTIVE_TOKEN_REMINDER", "CREATED")
DELIVERY_STATUSES = (
    "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
    "UNDELIVERED_OTHER")
REFUND_PREFERENCES = ("DECLINE", "GRANT_FULL", "GRANT_PRORATED")

EXTEND = {
    "extendByDays": (integer(1, 90), True), "extendReasonCode": (integer(0, 3), True),
    "requestIdentifier": (string(128), True),
}
MASS_EXTEND = dict(EXTEND, productId=(string(100), True),
                   storefrontCountryCodes=(list_of(lambda c: isinstance(c, str) and len(c) == 3, 200), False))
NOTIFICATION_HISTORY = {
    "startDate": (millis, True), "endDate": (millis, True),
    "notificationType": (one_of(*NOTIFICATION_TYPES), False),
    "notificationSubtype": (one_of(*NOTIFICATION_SUBTYPES), False),
    "transactionId": (lambda v: isinstance(v, str) and DIGITS.match(v) is not None, False),
    "onlyFailures": (boolean, False),
}
CONSUMPTION_V2 = {
    "customerConsented": (boolean, True), "sampleContentProvided": (boolean, True),
    "deliveryStatus": (one_of(*DELIVERY_STATUSES), True), "consumptionPercentage": (integer(0, 100000), False),
    "refundPreference": (one_of(*REFUND_PREFERENCES), False),
}
CONSUMPTION_V1 = {
    "customerConsented": (boolean, True), "consumptionStatus": (integer(0, 3), True),
    "platform": (integer(0, 2), True), "sampleContentProvided": (boolean, True),
    "deliveryStatus": (integer(0, 5), True), "appAccountToken": (lambda v: v == "" or uuid_text(v), True),
    "accountTenure": (integer(0, 7), True), "playTime": (integer(0, 7), True),
    "lifetimeDollarsRefunded": (integer(0, 7), True), "lifetimeDollarsPurchased": (integer(0, 7), True),
    "userStatus": (integer(0, 4), True), "refundPreference": (integer(0, 3), False),
}
IMAGE = {"imageIdentifier": (uuid_text, True), "altText": (string(150), True)}
MESSAGE = {
    "header": (string(66), True), "body": (string(144), True), "image": (obj(IMAGE), False),
    "bulletPoints": (list_of(obj(dict(IMAGE, text=(string(66), True))), 5), False),
}


# Advanced Commerce API request bodies: Apple's models (SKU at most 128 characters, description 45, display
# name 30, item lists not empty) and Apple's documentation (storefront and currency alpha-3, UUIDs).
def alpha3(v):
    return isinstance(v, str) and re.fullmatch(r"[A-Z]{3}", v) is not None


def sku_list(v):
    return isinstance(v, list) and all(string(128)(x) for x in v)


AMOUNT = integer(0, 2**63 - 1)
REFUND_REASONS = ("UNINTENDED_PURCHASE", "FULFILLMENT_ISSUE", "UNSATISFIED_WITH_PURCHASE", "LEGAL", "OTHER",
                  "MODIFY_ITEMS_REFUND", "SIMULATE_REFUND_DECLINE")
REFUND_TYPES = ("FULL", "PRORATED", "CUSTOM")
REQUEST_INFO = {"requestReferenceId": (uuid_text, True), "appAccountToken": (uuid_text, False),
                "consistencyToken": (string(10000), False)}
AC_BASE = {"requestInfo": (obj(REQUEST_INFO), True), "storefront": (alpha3, False)}
AC_METADATA_DESCRIPTORS = {"effective": (one_of("IMMEDIATELY", "NEXT_BILL_CYCLE"), True),
                           "description": (string(45), False), "displayName": (string(30), False)}
AC_MIGRATE_DESCRIPTORS = {"description": (string(45), True), "displayName": (string(30), True)}
AC_MIGRATE_ITEM = dict(AC_MIGRATE_DESCRIPTORS, SKU=(string(128), True))
AC_REFUND_ITEM = {"SKU": (string(128), True), "revoke": (boolean, True), "refundReason": (one_of(*REFUND_REASONS), True),
                  "refundType": (one_of(*REFUND_TYPES), True), "refundAmount": (AMOUNT, False)}
AC_CANCEL = AC_BASE
AC_CHANGE_METADATA = dict(
    AC_BASE, descriptors=(obj(AC_METADATA_DESCRIPTORS), False), taxCode=(string(1000), False),
    items=(list_of(obj(dict(AC_METADATA_DESCRIPTORS, currentSKU=(string(128), True), SKU=(string(128), False))),
                   1000), False))
AC_CHANGE_PRICE = dict(
    AC_BASE, currency=(alpha3, False),
    items=(list_of(obj({"SKU": (string(128), True), "price": (AMOUNT, True), "dependentSKUs": (sku_list, False)}),
                   1000), True))
AC_MIGRATE = dict(
    AC_BASE, descriptors=(obj(AC_MIGRATE_DESCRIPTORS), True), items=(list_of(obj(AC_MIGRATE_ITEM), 1000), True),
    targetProductId=(string(1000), True), taxCode=(string(1000), True),
    renewalItems=(list_of(obj(AC_MIGRATE_ITEM), 1000), False))
AC_REVOKE = dict(AC_BASE, refundRiskingPreference=(boolean, True), refundType=(one_of(*REFUND_TYPES), True),
                 refundReason=(one_of(*REFUND_REASONS), True))
AC_REFUND = dict(AC_BASE, items=(list_of(obj(AC_REFUND_ITEM), 1000), True),
                 refundRiskingPreference=(boolean, True), currency=(alpha3, False))
ADVANCED_COMMERCE = ("cancel-subscription", "change-subscription-metadata", "change-subscription-price",
                     "migrate-subscription", "revoke-subscription", "request-transaction-refund")


def check_members(body, members, where):
    """The first problem of `body` against `members`, or None."""
    for name in body:
        if name not in members:
            return f"{where}unknown member {name!r}"
    for name, (check, required) in members.items():
        if name not in body:
            if required:
                return f"{where}missing member {name!r}"
            continue
        if not check(body[name]):
            return f"{where}member {name!r} has a wrong type or value: {body[name]!r}"
    return None


# ---- Query parameters: name -> (check of one value, repeatable) ----

PRODUCT_TYPES = ("AUTO_RENEWABLE", "NON_RENEWABLE", "CONSUMABLE", "NON_CONSUMABLE")
HISTORY_QUERY = {
    "revision": (lambda v: len(v) > 0, False), "startDate": (DIGITS.match, False), "endDate": (DIGITS.match, False),
    "productId": (SEGMENT.match, True), "productType": (one_of(*PRODUCT_TYPES), True),
    "sort": (one_of("ASCENDING", "DESCENDING"), False), "subscriptionGroupIdentifier": (SEGMENT.match, True),
    "inAppOwnershipType": (one_of("FAMILY_SHARED", "PURCHASED"), False),
    # Apple's Python library sends str(bool): "True"/"False".
    "revoked": (lambda v: v.lower() in ("true", "false"), False),
}


def check_query(query, allowed):
    names = {}
    for name, value in query:
        names[name] = names.get(name, 0) + 1
        if name not in allowed:
            raise bad(f"unknown query parameter {name!r}")
        check, repeatable = allowed[name]
        if names[name] > 1 and not repeatable:
            raise bad(f"query parameter {name!r} given twice")
        if not check(value):
            raise bad(f"query parameter {name!r} has a wrong value {value!r}")


# ---- Operations: (method, path pattern, name, query, body) ----

T = r"(?P<id>[^/]+)"
OPERATIONS = [
    ("GET", rf"/inApps/v(?P<version>[12])/history/{T}", "get-transaction-history", HISTORY_QUERY, None),
    ("GET", rf"/inApps/v1/transactions/appTransactions/{T}", "get-app-transaction-info", {}, None),
    ("GET", rf"/inApps/v1/transactions/{T}", "get-transaction-info", {}, None),
    ("GET", rf"/inApps/v1/subscriptions/{T}", "get-all-subscription-statuses",
     {"status": (one_of("1", "2", "3", "4", "5"), True)}, None),
    ("GET", r"/inApps/v1/lookup/(?P<order>[^/]+)", "look-up-order-id", {}, None),
    ("GET", rf"/inApps/v2/refund/lookup/{T}", "get-refund-history", {"revision": (lambda v: len(v) > 0, False)}, None),
    ("POST", r"/inApps/v1/notifications/history", "get-notification-history",
     {"paginationToken": (lambda v: len(v) > 0, False)}, NOTIFICATION_HISTORY),
    ("POST", r"/inApps/v1/notifications/test", "request-test-notification", {}, None),
    ("GET", r"/inApps/v1/notifications/test/(?P<token>[^/]+)", "get-test-notification-status", {}, None),
    ("PUT", rf"/inApps/v2/transactions/consumption/{T}", "send-consumption-information", {}, CONSUMPTION_V2),
    ("PUT", rf"/inApps/v1/transactions/consumption/{T}", "send-consumption-data", {}, CONSUMPTION_V1),
    ("POST", r"/inApps/v1/subscriptions/extend/mass", "extend-renewal-date-for-all-active-subscribers", {},
     MASS_EXTEND),
    ("PUT", rf"/inApps/v1/subscriptions/extend/{T}", "extend-subscription-renewal-date", {}, EXTEND),
    ("GET", r"/inApps/v1/subscriptions/extend/mass/(?P<product>[^/]+)/(?P<request>[^/]+)",
     "get-status-of-subscription-renewal-date-extensions", {}, None),
    ("PUT", rf"/inApps/v1/transactions/{T}/appAccountToken", "set-app-account-token", {},
     {"appAccountToken": (uuid_text, True)}),
    ("POST", rf"/inApps/v1/transactions/{T}/finish", "finish-transaction", {}, None),
    ("PUT", r"/inApps/v1/messaging/image/(?P<image>[^/]+)", "upload-image",
     {"imageSize": (one_of("FULL_SIZE", "BULLET_POINT"), False)}, "image/png"),
    ("DELETE", r"/inApps/v1/messaging/image/(?P<image>[^/]+)", "delete-image", {}, None),
    ("GET", r"/inApps/v1/messaging/image/list", "get-image-list", {}, None),
    ("PUT", r"/inApps/v1/messaging/message/(?P<message>[^/]+)", "upload-message", {}, MESSAGE),
    ("DELETE", r"/inApps/v1/messaging/message/(?P<message>[^/]+)", "delete-message", {}, None),
    ("GET", r"/inApps/v1/messaging/message/list", "get-message-list", {}, None),
    ("PUT", r"/inApps/v1/messaging/default/(?P<product>[^/]+)/(?P<locale>[^/]+)", "configure-default-message", {},
     {"messageIdentifier": (uuid_text, False)}),
    ("DELETE", r"/inApps/v1/messaging/default/(?P<product>[^/]+)/(?P<locale>[^/]+)", "delete-default-message", {},
     None),
    ("GET", r"/inApps/v1/messaging/default/(?P<product>[^/]+)/(?P<locale>[^/]+)", "get-default-message", {}, None),
    ("PUT", r"/inApps/v1/messaging/realtime/url", "configure-realtime-url", {},
     {"realtimeURL": (lambda v: isinstance(v, str) and v.startswith("https://") and len(v) <= 256, True)}),
    ("DELETE", r"/inApps/v1/messaging/realtime/url", "delete-realtime-url", {}, None),
    ("GET", r"/inApps/v1/messaging/realtime/url", "get-realtime-url", {}, None),
    ("POST", r"/inApps/v1/messaging/performanceTest", "initiate-performance-test", {},
     {"originalTransactionId": (lambda v: isinstance(v, str) and DIGITS.match(v) is not None, True)}),
    ("GET", r"/inApps/v1/messaging/performanceTest/result/(?P<request>[^/]+)", "get-performance-test-results", {},
     None),
    ("POST", rf"/advancedCommerce/v1/subscription/cancel/{T}", "cancel-subscription", {}, AC_CANCEL),
    ("POST", rf"/advancedCommerce/v1/subscription/changeMetadata/{T}", "change-subscription-metadata", {},
     AC_CHANGE_METADATA),
    ("POST", rf"/advancedCommerce/v1/subscription/changePrice/{T}", "change-subscription-price", {}, AC_CHANGE_PRICE),
    ("POST", rf"/advancedCommerce/v1/subscription/migrate/{T}", "migrate-subscription", {}, AC_MIGRATE),
    ("POST", rf"/advancedCommerce/v1/subscription/revoke/{T}", "revoke-subscription", {}, AC_REVOKE),
    ("POST", rf"/advancedCommerce/v1/transaction/requestRefund/{T}", "request-transaction-refund", {}, AC_REFUND),
]
ROUTES = [(method, re.compile("^" + pattern + "$"), name, query, body) for method, pattern, name, query, body in
          OPERATIONS]

# Operations whose id is an original transaction id: a non-numeric one is 4000008 there, 4000006 elsewhere.
ORIGINAL_ID_OPERATIONS = {"extend-subscription-renewal-date", "set-app-account-token"}
# Operations that take a transaction's id only (Apple's anyTransactionId operations take an app transaction's too).
NO_APP_TRANSACTION_ID_OPERATIONS = {"get-transaction-info"}


def route(method, path):
    """The operation `method path` names; 404 for a path of none, 405 for a known path's wrong method."""
    known_path = False
    for route_method, pattern, name, query, body in ROUTES:
        match = pattern.match(path)
        if not match:
            continue
        # A known path with another method is 405, unless a later route takes that method on the same path.
        if route_method != method:
            known_path = True
            continue
        return name, match.groupdict(), query, body
    if known_path:
        raise Refusal(405, None, f"{method} is not the method of {path}")
    raise Refusal(404, None, f"no operation at {path}")


def check_path_parameters(name, parameters):
    identifier = parameters.get("id")
    if identifier is not None and not DIGITS.match(identifier):
        error = INVALID_ORIGINAL_TRANSACTION_ID if name in ORIGINAL_ID_OPERATIONS else INVALID_TRANSACTION_ID
        raise bad(f"transaction id {identifier!r} is not numeric", error)
    if identifier is not None and name in NO_APP_TRANSACTION_ID_OPERATIONS and APP_TRANSACTION_ID.match(identifier):
        raise bad(f"{name} takes no app transaction id: {identifier!r}", APP_TRANSACTION_ID_NOT_SUPPORTED)
    for key in ("image", "message", "request", "token"):
        value = parameters.get(key)
        if value is not None and key in ("image", "message") and not UUID_TEXT.match(value):
            raise bad(f"{key} identifier {value!r} is not a lowercase UUID")
        if value is not None and not SEGMENT.match(value):
            raise bad(f"{key} {value!r} is malformed")
    if "product" in parameters and not SEGMENT.match(parameters["product"]):
        raise bad(f"product id {parameters['product']!r} is malformed")
    if "locale" in parameters and not LOCALE.match(parameters["locale"]):
        raise bad(f"locale {parameters['locale']!r} is malformed")
    if "order" in parameters and not SEGMENT.match(parameters["order"]):
        raise bad(f"order id {parameters['order']!r} is malformed")


# ---- The bearer token ----

def b64url(text):
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unauthorized(reason):
    return Refusal(401, None, reason)


class TokenChecker:
    def __init__(self, public_key, key_id, issuer_id, bundle_id):
        self.public_key = public_key
        self.key_id = key_id
        self.issuer_id = issuer_id
        self.bundle_id = bundle_id

    def check(self, authorization, record):
        if not authorization or not authorization.startswith("Bearer "):
            raise unauthorized("no bearer token")
        parts = authorization[len("Bearer "):].split(".")
        if len(parts) != 3:
            raise unauthorized("the token is not a compact JWS")
        try:
            header = json.loads(b64url(parts[0]))
            claims = json.loads(b64url(parts[1]))
            signature = b64url(parts[2])
        except (ValueError, binascii.Error):
            raise unauthorized("the token's parts are not base64url JSON")
        if not isinstance(header, dict) or not isinstance(claims, dict):
            raise unauthorized("the token's header or claims are not objects")
        record["jwtHeader"] = header
        record["jwtClaims"] = claims
        if header.get("alg") != "ES256":
            raise unauthorized(f"alg {header.get('alg')!r} is not ES256")
        if header.get("kid") != self.key_id:
            raise unauthorized(f"kid {header.get('kid')!r} is not the key's id")
        if header.get("typ") != "JWT":
            raise unauthorized(f"typ {header.get('typ')!r} is not JWT")
        if set(header) - {"alg", "kid", "typ"}:
            raise unauthorized(f"unexpected header members {sorted(set(header) - {'alg', 'kid', 'typ'})}")
        if len(signature) != 64:
            raise unauthorized("the ES256 signature is not 64 bytes (r || s)")
        der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        try:
            self.public_key.verify(der, f"{parts[0]}.{parts[1]}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise unauthorized("the signature does not verify with the key's public key")
        unknown = set(claims) - {"iss", "iat", "exp", "aud", "bid"}
        if unknown:
            raise unauthorized(f"unexpected claims {sorted(unknown)}")
        if claims.get("iss") != self.issuer_id:
            raise unauthorized(f"iss {claims.get('iss')!r} is not the issuer id")
        if claims.get("aud") != AUDIENCE:
            raise unauthorized(f"aud {claims.get('aud')!r} is not {AUDIENCE}")
        if claims.get("bid") != self.bundle_id:
            raise unauthorized(f"bid {claims.get('bid')!r} is not the app's bundle id")
        now = time.time()
        exp = claims.get("exp")
        if not integer(0, 2**40)(exp):
            raise unauthorized("exp is missing or not an integer")
        if exp <= now:
            raise unauthorized("the token has expired")
        if exp - now > MAX_LIFETIME:
            raise unauthorized("exp is more than 60 minutes away")
        if "iat" in claims:
            iat = claims["iat"]
            if not integer(0, 2**40)(iat):
                raise unauthorized("iat is not an integer")
            if iat > now + CLOCK_SKEW:
                raise unauthorized("iat is in the future")
            if exp <= iat or exp - iat > MAX_LIFETIME:
                raise unauthorized("exp is not within 60 minutes after iat")


# ---- The server ----

class State:
    def __init__(self, arguments):
        self.responses = Path(arguments.responses)
        self.environment = arguments.environment
        self.bundle_id = arguments.bundle_id
        self.slow = arguments.slow
        self.page_delay = arguments.page_delay
        self.revisions = None
        self.tokens = TokenChecker(load_public_key(arguments.public_key), arguments.key_id, arguments.issuer_id,
                                   arguments.bundle_id)
        self.log = open(arguments.log, "a", encoding="utf-8")
        self.lock = threading.Lock()
        self.seen = {}

    def record(self, entry):
        with self.lock:
            self.log.write(json.dumps(entry, sort_keys=True) + "\n")
            self.log.flush()

    def count(self, key):
        with self.lock:
            self.seen[key] = self.seen.get(key, 0) + 1
            return self.seen[key]

    def file(self, name):
        path = self.responses / name
        if not path.is_file():
            raise Refusal(500, GENERAL_INTERNAL, f"the test gave no response file {name}")
        return json.loads(path.read_text(encoding="utf-8"))

    def history_page(self, revision, prefix="history", token="revision", error=INVALID_REQUEST_REVISION):
        """Page 1 (PREFIX-1.json) without a token; page n+1 for the token page n names; for the last page's,
        that page's members with no element: nothing newer."""
        if revision is None:
            return self.file(f"{prefix}-1.json")
        with self.lock:
            if self.revisions is None:
                self.revisions = {}
            tokens = self.revisions.get(prefix)
            if tokens is None:
                # Read once (the files are written before the mock starts): a history of hundreds of pages
                # is then served in time linear in its pages.
                tokens = self.revisions[prefix] = {}
                page = 1
                while (self.responses / f"{prefix}-{page}.json").is_file():
                    body = self.file(f"{prefix}-{page}.json")
                    tokens[body.get(token)] = page + 1 if body.get("hasMore") else -page
                    page += 1
            page = tokens.get(revision)
        if page is None:
            raise bad(f"{token} {revision!r} names no page", error)
        if page < 0:
            body = self.file(f"{prefix}-{-page}.json")
            body["notificationHistory" if prefix == "notification-history" else "signedTransactions"] = []
            return body
        return self.file(f"{prefix}-{page}.json")

    def endless_page(self, identifier, revision, prefix="history", token="revision"):
        """A page of PREFIX-1.json's elements that has more: naming the same token each time, or a new one."""
        body = self.file(f"{prefix}-1.json")
        body["hasMore"] = True
        if identifier in LOOPING_IDS:
            body[token] = "looping"
            return body
        number = int(revision.rsplit("-", 1)[-1]) if revision and revision.startswith("endless-") else 0
        body[token] = f"endless-{number + 1}"
        if identifier in SLOW_PAGES_IDS:
            time.sleep(self.page_delay)
        return body


def load_public_key(path):
    data = Path(path).read_bytes()
    key = serialization.load_pem_public_key(data)
    if not isinstance(key, ec.EllipticCurvePublicKey) or key.curve.name != "secp256r1":
        sys.exit("mock-appstore-api: --public-key must be a P-256 public key")
    return key


def answer(state, name, parameters, query, body=None):
    """The status and JSON body (or None) Apple answers a well-formed request with."""
    identifier = parameters.get("id")
    if name in ("get-refund-history", "get-notification-history"):
        token_name = "revision" if name == "get-refund-history" else "paginationToken"
        prefix = name[len("get-"):]
        token = next((value for key, value in query if key == token_name), None)
        if name == "get-notification-history":
            identifier = (body or {}).get("transactionId")
        if identifier in LOOPING_IDS + ENDLESS_IDS:
            return 200, state.endless_page(identifier, token, prefix, token_name)
        error = INVALID_REQUEST_REVISION if token_name == "revision" else INVALID_PAGINATION_TOKEN
        return 200, state.history_page(token, prefix, token_name, error)
    if name == "get-transaction-history":
        if identifier == FORGED_ID:
            return 200, state.file("history-forged.json")
        revision = next((value for key, value in query if key == "revision"), None)
        if identifier in LOOPING_IDS + ENDLESS_IDS + SLOW_PAGES_IDS:
            return 200, state.endless_page(identifier, revision)
        return 200, state.history_page(revision)
    if name == "get-transaction-info" and (state.responses / f"transaction-info-{identifier}.json").is_file():
        return 200, state.file(f"transaction-info-{identifier}.json")
    if name == "get-all-subscription-statuses" and (state.responses / f"statuses-{identifier}.json").is_file():
        return 200, state.file(f"statuses-{identifier}.json")
    if name in ADVANCED_COMMERCE:
        # A refund's transaction; a subscription's transaction and renewal info, a test's own for an id.
        if name == "request-transaction-refund":
            return 200, state.file("advanced-commerce-refund.json")
        own = f"advanced-commerce-{identifier}.json"
        return 200, state.file(own if (state.responses / own).is_file() else "advanced-commerce.json")
    files = {
        "get-transaction-info": "transaction-info.json",
        "get-app-transaction-info": "app-transaction-info.json",
        "get-all-subscription-statuses": "statuses.json",
        "look-up-order-id": "order-lookup.json",
        "get-test-notification-status": "test-notification-status.json",
    }
    if name in files:
        return 200, state.file(files[name])
    now = int(time.time() * 1000)
    if name == "request-test-notification":
        return 200, {"testNotificationToken": "ce3af791-365e-4c60-841b-1674b43c1609_1698148900000"}
    if name == "extend-subscription-renewal-date":
        return 200, {"originalTransactionId": identifier, "webOrderLineItemId": "2000000000000001",
                     "success": True, "effectiveDate": now}
    if name == "extend-renewal-date-for-all-active-subscribers":
        return 200, {"requestIdentifier": "758883e8-151b-47b7-abd0-60c4d804c2f5"}
    if name == "get-status-of-subscription-renewal-date-extensions":
        return 200, {"requestIdentifier": parameters["request"], "complete": True, "completeDate": now,
                     "succeededCount": 30, "failedCount": 2}
    if name in ("send-consumption-information", "send-consumption-data"):
        return 202, None
    if name == "get-image-list":
        return 200, {"imageIdentifiers": [{"imageIdentifier": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
                                           "imageState": "APPROVED"}]}
    if name == "get-message-list":
        return 200, {"messageIdentifiers": [{"messageIdentifier": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5e",
                                             "messageState": "APPROVED"}]}
    if name == "get-default-message":
        return 200, {"messageIdentifier": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5e"}
    if name == "get-realtime-url":
        return 200, {"realtimeURL": "https://example.com/realtime"}
    if name == "initiate-performance-test":
        return 200, {"config": {"maxConcurrentRequests": 2, "totalRequests": 10, "totalDuration": 60000,
                                "responseTimeThreshold": 1000, "successRateThreshold": 99},
                     "requestId": "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e"}
    if name == "get-performance-test-results":
        return 200, {"config": {"maxConcurrentRequests": 2, "totalRequests": 10, "totalDuration": 60000,
                                "responseTimeThreshold": 1000, "successRateThreshold": 99},
                     "target": "https://example.com/realtime", "result": "PASS", "successRate": 100,
                     "numPending": 0, "responseTimes": {"average": 100, "p50": 90, "p90": 150, "p95": 170,
                                                         "p99": 190}, "failures": {}}
    return 200, None


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "mock-appstore-api"

        def log_message(self, format, *args):
            pass

        def handle_request(self):
            split = urlsplit(self.path)
            path = split.path
            sandbox = path.startswith(SANDBOX_PREFIX + "/")
            if sandbox:
                path = path[len(SANDBOX_PREFIX):]
            query = parse_qsl(split.query, keep_blank_values=True, strict_parsing=False)
            record = {
                "time": time.time(), "method": self.command, "path": path,
                "environment": "sandbox" if sandbox else "production",
                "query": {}, "rawQuery": split.query, "contentType": self.headers.get("Content-Type"),
                "userAgent": self.headers.get("User-Agent"), "body": None,
            }
            for key, value in query:
                record["query"].setdefault(key, []).append(value)
            status, body, extra_headers = 500, None, {}
            try:
                length = self.headers.get("Content-Length")
                if self.headers.get("Transfer-Encoding"):
                    raise bad("chunked request bodies are not accepted")
                size = int(length) if length and length.isdigit() else 0
                if size > MAX_BODY:
                    raise Refusal(413, None, "request body too large")
                raw = self.rfile.read(size) if size else b""
                record["bodySize"] = len(raw)
                state.tokens.check(self.headers.get("Authorization"), record)
                name, parameters, allowed_query, body_members = route(self.command, path)
                record["operation"] = name
                if name == "get-transaction-history":
                    record["operation"] += "-v" + parameters.pop("version")
                check_path_parameters(name, parameters)
                check_query(query, allowed_query)
                if body_members == "image/png":
                    if record["contentType"] != "image/png" or not raw.startswith(b"\x89PNG\r\n\x1a\n"):
                        raise bad("the image is not a PNG sent as image/png")
                    record["body"] = {"pngBytes": len(raw)}
                elif body_members is None:
                    if raw:
                        raise bad("this operation takes no body")
                else:
                    if not (record["contentType"] or "").startswith("application/json"):
                        raise bad(f"Content-Type {record['contentType']!r} is not application/json")
                    try:
                        parsed = json.loads(raw)
                    except ValueError:
                        raise bad("the body is not JSON")
                    record["body"] = parsed
                    if not isinstance(parsed, dict):
                        raise bad("the body is not a JSON object")
                    problem = check_members(parsed, body_members, "")
                    if problem:
                        raise bad(problem)
                identifier = parameters.get("id")
                if identifier == NOT_FOUND_ID or (identifier == SANDBOX_ONLY_ID and not sandbox):
                    raise Refusal(404, TRANSACTION_ID_NOT_FOUND, "scenario: not found")
                if identifier == SANDBOX_ONLY_ID and name == "get-transaction-info":
                    record["status"] = 200
                    state.record(record)
                    self.send(200, state.file("transaction-info-sandbox.json"), extra_headers)
                    return
                if identifier == RATE_LIMITED_ID and state.count(self.command + split.path) == 1:
                    extra_headers["Retry-After"] = "1"
                    raise Refusal(429, RATE_LIMIT_EXCEEDED, "scenario: rate limited once")
                if identifier == FAIL_ONCE_ID and state.count(self.command + split.path) == 1:
                    raise Refusal(500, GENERAL_INTERNAL, "scenario: one failure")
                if identifier == FAIL_ALWAYS_ID:
                    raise Refusal(500, GENERAL_INTERNAL, "scenario: always failing")
                status, body = answer(state, name, parameters, query, record.get("body"))
                if identifier == SLOW_ID:
                    # Recorded before the wait: the client that gives up never sees the answer.
                    record.update(status=status, delayed=state.slow)
                    state.record(record)
                    time.sleep(state.slow)
                    self.send(status, body, extra_headers)
                    return
            except Refusal as refusal:
                status = refusal.status
                record["refused"] = refusal.reason
                body = {"errorCode": refusal.error[0], "errorMessage": refusal.error[1]} if refusal.error else None
            record["status"] = status
            record["requestId"] = extra_headers.setdefault("X-Apple-Request-UUID", str(uuid.uuid4()))
            state.record(record)
            self.send(status, body, extra_headers)

        def send(self, status, body, extra_headers):
            # Apple's servers name each request in X-Apple-Request-UUID, and a 401's body names it too.
            request_id = extra_headers.get("X-Apple-Request-UUID") or str(uuid.uuid4())
            extra_headers = {**extra_headers, "X-Apple-Request-UUID": request_id}
            if body is not None:
                payload = json.dumps(body).encode()
                content_type = "application/json"
            elif status == 401:
                # Apple's 401 is plain text naming the request, not an error body.
                payload = f"Unauthenticated\n\nRequest ID: {request_id}\n".encode()
                content_type = "text/plain"
            else:
                payload = b""
                content_type = None
            try:
                self.send_response(status)
                if content_type:
                    self.send_header("Content-Type", content_type)
                for key, value in extra_headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                pass  # the client gave up (a timeout scenario)

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_request

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cert", required=True, help="server certificate (PEM), issued by the test CA")
    parser.add_argument("--cert-key", required=True, help="its private key (PEM)")
    parser.add_argument("--public-key", required=True, help="the public key of the .p8 the client signs with")
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--issuer-id", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--environment", default="Production", choices=["Production", "Sandbox"])
    parser.add_argument("--responses", required=True, help="directory of the signed response files")
    parser.add_argument("--log", required=True, help="file the requests are appended to as JSON lines")
    parser.add_argument("--slow", type=float, default=10.0, help="seconds the slow scenario waits")
    parser.add_argument("--page-delay", type=float, default=0.5, help="seconds each page of the slow pages waits")
    arguments = parser.parse_args()

    state = State(arguments)
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(arguments.cert, arguments.cert_key)
    # The handshake runs in each request's thread, so a client that stalls in it holds up no other.
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)

    def watch_stdin():
        # The parent holds our standard input open; when it closes (the test ended or died), stop.
        while sys.stdin.buffer.read(4096):
            pass
        server.shutdown()

    threading.Thread(target=watch_stdin, daemon=True).start()
    print(f"port {server.server_address[1]}", flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    finally:
        server.server_close()
        state.log.close()


if __name__ == "__main__":
    main()
