#!/usr/bin/env python3
"""Apple's own client as the peer of `receipt-check api` (ApiPeerConformanceTests, make test-api).

usage: api-peer.py CASES.json

CASES.json: {"baseUrl", "caFile", "key" (the .p8's path), "keyId", "issuerId", "bundleId", "environment"
("Production"|"Sandbox"), "operations": [{"operation": kebab-case name, "arguments": {...}}]}. Each
operation is called once, in order, with PyPI app-store-server-library 3.1.2's AppStoreServerAPIClient
pointed at baseUrl and trusting caFile; the mock records the requests, which the test compares with
receipt-check's. Prints {"results": [{"operation", "outcome"}]}: "ok", or the APIException's status, code
and message. Exits 1 when an operation is unknown here.
"""
import json
import os
import sys

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.ImageSize import ImageSize
from appstoreserverlibrary.models.LibraryUtility import _get_cattrs_converter
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import (InAppOwnershipType, Order, ProductType,
                                                                     TransactionHistoryRequest)
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
from uuid import UUID


def model(cls, body):
    """Apple's model for a JSON body, through the library's own converter (the inverse of what it sends)."""
    return _get_cattrs_converter(cls).structure(body, cls)


def history_request(a):
    return TransactionHistoryRequest(
        startDate=a.get("startDate"), endDate=a.get("endDate"), productIds=a.get("productIds"),
        productTypes=[ProductType(t) for t in a["productTypes"]] if "productTypes" in a else None,
        sort=Order(a["sort"]) if "sort" in a else None,
        subscriptionGroupIdentifiers=a.get("subscriptionGroupIdentifiers"),
        inAppOwnershipType=InAppOwnershipType(a["inAppOwnershipType"]) if "inAppOwnershipType" in a else None,
        revoked=a.get("revoked"))


CALLS = {
    "get-transaction-history": lambda c, a: c.get_transaction_history(
        a["transactionId"], a.get("revision"), history_request(a), GetTransactionHistoryVersion.V2),
    "get-transaction-info": lambda c, a: c.get_transaction_info(a["transactionId"]),
    "get-all-subscription-statuses": lambda c, a: c.get_all_subscription_statuses(
        a["transactionId"], [Status(s) for s in a["status"]] if "status" in a else None),
    "get-app-transaction-info": lambda c, a: c.get_app_transaction_info(a["transactionId"]),
    "look-up-order-id": lambda c, a: c.look_up_order_id(a["orderId"]),
    "get-refund-history": lambda c, a: c.get_refund_history(a["transactionId"], a.get("revision")),
    "get-notification-history": lambda c, a: c.get_notification_history(
        a.get("paginationToken"), model(NotificationHistoryRequest, a["body"])),
    "request-test-notification": lambda c, a: c.request_test_notification(),
    "get-test-notification-status": lambda c, a: c.get_test_notification_status(a["testNotificationToken"]),
    "send-consumption-information": lambda c, a: c.send_consumption_information(
        a["transactionId"], model(ConsumptionRequest, a["body"])),
    "send-consumption-data": lambda c, a: c.send_consumption_data(
        a["transactionId"], model(ConsumptionRequestV1, a["body"])),
    "extend-subscription-renewal-date": lambda c, a: c.extend_subscription_renewal_date(
        a["originalTransactionId"], model(ExtendRenewalDateRequest, a["body"])),
    "extend-renewal-date-for-all-active-subscribers": lambda c, a: c.extend_renewal_date_for_all_active_subscribers(
        model(MassExtendRenewalDateRequest, a["body"])),
    "get-status-of-subscription-renewal-date-extensions":
        lambda c, a: c.get_status_of_subscription_renewal_date_extensions(a["requestIdentifier"], a["productId"]),
    "set-app-account-token": lambda c, a: c.set_app_account_token(
        a["originalTransactionId"], model(UpdateAppAccountTokenRequest, a["body"])),
    "finish-transaction": lambda c, a: c.finish_transaction(a["transactionId"]),
    "upload-image": lambda c, a: c.upload_image(
        UUID(a["imageIdentifier"]), open(a["file"], "rb").read(),
        ImageSize(a["imageSize"]) if "imageSize" in a else None),
    "delete-image": lambda c, a: c.delete_image(UUID(a["imageIdentifier"])),
    "get-image-list": lambda c, a: c.get_image_list(),
    "upload-message": lambda c, a: c.upload_message(UUID(a["messageIdentifier"]),
                                                    model(UploadMessageRequestBody, a["body"])),
    "delete-message": lambda c, a: c.delete_message(UUID(a["messageIdentifier"])),
    "get-message-list": lambda c, a: c.get_message_list(),
    "configure-default-message": lambda c, a: c.configure_default_message(
        a["productId"], a["locale"], model(DefaultConfigurationRequest, a["body"])),
    "delete-default-message": lambda c, a: c.delete_default_message(a["productId"], a["locale"]),
    "get-default-message": lambda c, a: c.get_default_message(a["productId"], a["locale"]),
    "configure-realtime-url": lambda c, a: c.configure_realtime_url(model(RealtimeUrlRequest, a["body"])),
    "delete-realtime-url": lambda c, a: c.delete_realtime_url(),
    "get-realtime-url": lambda c, a: c.get_realtime_url(),
    "initiate-performance-test": lambda c, a: c.initiate_performance_test(model(PerformanceTestRequest, a["body"])),
    "get-performance-test-results": lambda c, a: c.get_performance_test_results(a["requestId"]),
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as file:
        cases = json.load(file)
    # requests (under Apple's client) trusts the test CA through its own variable; nothing else changes.
    os.environ["REQUESTS_CA_BUNDLE"] = cases["caFile"]
    with open(cases["key"], "rb") as file:
        key = file.read()
    client = AppStoreServerAPIClient(key, cases["keyId"], cases["issuerId"], cases["bundleId"],
                                     Environment(cases["environment"]))
    # The library has no base-URL setting: its environment picks Apple's host, which this replaces.
    client._base_url = cases["baseUrl"].rstrip("/")
    results = []
    for case in cases["operations"]:
        name = case["operation"]
        if name not in CALLS:
            print(f"api-peer: no call for operation {name!r}", file=sys.stderr)
            sys.exit(1)
        try:
            CALLS[name](client, case.get("arguments", {}))
            outcome = "ok"
        except APIException as error:
            outcome = f"APIException {error.http_status_code} {error.raw_api_error} {error.error_message}"
        results.append({"operation": name, "outcome": outcome})
    print(json.dumps({"results": results, "operations": sorted(CALLS)}, sort_keys=True))


if __name__ == "__main__":
    main()
