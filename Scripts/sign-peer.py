#!/usr/bin/env python3
"""Apple's app-store-server-library as the peer of `receipt-check sign` (SignPeerConformanceTests).

    sign-peer.py CASES.json

CASES.json holds the key file, its ids, the values signed and what receipt-check printed for each
kind. For the same key and values, Apple's library signs too; each JWS of receipt-check must have
Apple's header and claims (iat and nonce aside, which differ per call: their shape is checked) and
verify with the public key; the original offer signature of receipt-check must verify with
Apple's check (cryptography's ECDSA), and Apple's is printed for receipt-check's own check.
Each realtime response body receipt-check printed must read into Apple's RealtimeResponseBody model
and write back unchanged (so every member has Apple's name and type), and its offer signature must
verify as above.
Prints one JSON object: "differences" (empty when the two agree) and "appleOriginalSignature".
"""

import base64
import json
import re
import sys
import uuid

import jwt
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from appstoreserverlibrary.jws_signature_creator import (
    AdvancedCommerceAPIInAppSignatureCreator,
    IntroductoryOfferEligibilitySignatureCreator,
    PromotionalOfferV2SignatureCreator,
)
from appstoreserverlibrary.models.AdvancedCommerceOneTimeChargeCreateRequest import (
    AdvancedCommerceOneTimeChargeCreateRequest,
)
from appstoreserverlibrary.models.LibraryUtility import _get_cattrs_converter
from appstoreserverlibrary.models.RealtimeResponseBody import RealtimeResponseBody
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator

UUID_SHAPE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def decoded(token):
    header_text, payload_text, _ = token.split(".")
    pad = lambda text: text + "=" * (-len(text) % 4)
    return (
        json.loads(base64.urlsafe_b64decode(pad(header_text))),
        json.loads(base64.urlsafe_b64decode(pad(payload_text))),
    )


def compare(kind, ours, apple, public_key, audience, differences):
    our_header, our_claims = decoded(ours)
    apple_header, apple_claims = decoded(apple)
    if our_header != apple_header:
        differences.append(f"{kind}: header {our_header} != Apple's {apple_header}")
    for claims, who in ((our_claims, "receipt-check"), (apple_claims, "Apple")):
        if not isinstance(claims.pop("iat", None), int):
            differences.append(f"{kind}: {who}'s iat is not an integer")
        if not UUID_SHAPE.match(str(claims.pop("nonce", ""))):
            differences.append(f"{kind}: {who}'s nonce is not a lowercase UUID")
    if "request" in our_claims:
        # Apple re-serialises the request (json.dumps); receipt-check signs the file's bytes: the same JSON.
        our_claims["request"] = json.loads(base64.b64decode(our_claims["request"], validate=True))
        apple_claims["request"] = json.loads(base64.b64decode(apple_claims["request"], validate=True))
    if our_claims != apple_claims:
        differences.append(f"{kind}: claims {our_claims} != Apple's {apple_claims}")
    try:
        jwt.decode(ours, public_key, algorithms=["ES256"], audience=audience)
    except jwt.PyJWTError as error:
        differences.append(f"{kind}: receipt-check's JWS does not verify with the public key: {error}")


def original_payload(bundle_id, key_id, product_id, offer_id, username, nonce, timestamp):
    return "\u2063".join([
        bundle_id, key_id, product_id, offer_id, username.lower(), nonce.lower(), str(timestamp),
    ]).encode("utf-8")


def check_realtime(kind, text, bundle_id, key_id, public_key, differences):
    ours = json.loads(text)
    converter = _get_cattrs_converter(RealtimeResponseBody)
    try:
        again = converter.unstructure(converter.structure(ours, RealtimeResponseBody))
    except Exception as error:  # cattrs raises its own ClassValidationError and ValueError for a bad UUID
        differences.append(f"{kind}: Apple's model does not read {ours}: {error!r}")
        return
    if again != ours:
        differences.append(f"{kind}: {ours} reads into Apple's model as {again}")
    offer = ours.get("promotionalOffer", {})
    if "promotionalOfferSignatureV2" in offer:
        try:
            jwt.decode(offer["promotionalOfferSignatureV2"], public_key, algorithms=["ES256"],
                       audience="promotional-offer")
        except jwt.PyJWTError as error:
            differences.append(f"{kind}: the offer's JWS does not verify with the public key: {error}")
    if "promotionalOfferSignatureV1" in offer:
        v1 = offer["promotionalOfferSignatureV1"]
        if v1["keyId"] != key_id:
            differences.append(f"{kind}: keyId {v1['keyId']} is not the key's id {key_id}")
        payload = original_payload(bundle_id, v1["keyId"], v1["productId"], v1["offerIdentifier"],
                                   v1.get("appAccountToken", ""), v1["nonce"], v1["timestamp"])
        try:
            public_key.verify(base64.b64decode(v1["encodedSignature"], validate=True), payload,
                              ec.ECDSA(hashes.SHA256()))
        except Exception as error:  # cryptography raises InvalidSignature, base64 binascii.Error
            differences.append(f"{kind}: the offer's signature does not verify: {error!r}")


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    with open(cases["key"], "rb") as file:
        key_pem = file.read()
    public_key = serialization.load_pem_private_key(key_pem, password=None).public_key()
    key_id, issuer_id, bundle_id = cases["keyId"], cases["issuerId"], cases["bundleId"]
    ours = cases["signatures"]
    differences = []

    v2 = PromotionalOfferV2SignatureCreator(key_pem, key_id, issuer_id, bundle_id)
    compare(
        "promotional-offer-v2",
        ours["promotional-offer-v2"],
        v2.create_signature(cases["productId"], cases["offerId"], cases["transactionId"]),
        public_key, "promotional-offer", differences)
    eligibility = IntroductoryOfferEligibilitySignatureCreator(key_pem, key_id, issuer_id, bundle_id)
    compare(
        "introductory-offer-eligibility",
        ours["introductory-offer-eligibility"],
        eligibility.create_signature(cases["productId"], False, cases["transactionId"]),
        public_key, "introductory-offer-eligibility", differences)
    with open(cases["request"], encoding="utf-8") as file:
        request_json = json.load(file)
    converter = _get_cattrs_converter(AdvancedCommerceOneTimeChargeCreateRequest)
    request = converter.structure(request_json, AdvancedCommerceOneTimeChargeCreateRequest)
    commerce = AdvancedCommerceAPIInAppSignatureCreator(key_pem, key_id, issuer_id, bundle_id)
    compare(
        "advanced-commerce-in-app",
        ours["advanced-commerce-in-app"],
        commerce.create_signature(request),
        public_key, "advanced-commerce-api", differences)

    original = cases["original"]
    payload = original_payload(bundle_id, key_id, cases["productId"], cases["offerId"],
                               original["applicationUsername"], original["nonce"], original["timestamp"])
    try:
        public_key.verify(base64.b64decode(ours["promotional-offer"], validate=True), payload, ec.ECDSA(hashes.SHA256()))
    except Exception as error:  # cryptography raises InvalidSignature, base64 binascii.Error
        differences.append(f"promotional-offer: receipt-check's signature does not verify: {error!r}")
    for kind in sorted(cases.get("realtime", {})):
        check_realtime(kind, cases["realtime"][kind], bundle_id, key_id, public_key, differences)
    apple_original = PromotionalOfferSignatureCreator(key_pem, key_id, bundle_id).create_signature(
        cases["productId"], cases["offerId"], original["applicationUsername"], uuid.UUID(original["nonce"]),
        original["timestamp"])
    json.dump({"differences": differences, "appleOriginalSignature": apple_original}, sys.stdout)


if __name__ == "__main__":
    main()
