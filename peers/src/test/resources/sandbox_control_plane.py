"""The sandbox's control plane driven from Python, with the client the stock OpenAPI Generator
("python") makes of api-spec/sandbox.yaml, against a running sandbox:

    PYTHONPATH=<generated client> python3 sandbox_control_plane.py http://127.0.0.1:8080

Every control-plane call goes through the generated client. The Kraken calls of the story (an
order, an Embed user and its verification, a webhook's events) are no part of the control plane:
they are made here with plain urllib and the services' HMAC signatures, as any Kraken client makes
them. SandboxPythonClientTest (the peers module) runs this script in the build; sandbox/README.md
shows its control-plane part verbatim. Exits 0 when every check passed, and prints the ids it made.
"""
import base64
import hashlib
import hmac
import itertools
import json
import sys
import time
import urllib.parse
import urllib.request
from decimal import Decimal

import kraken_sandbox
from kraken_sandbox.exceptions import NotFoundException
from kraken_sandbox.models import (ClockAdvance, MarketTradeRequest, SpotDepositRequest, SpotKeyRequest,
                                   VerificationDecisionRequest)

BASE_URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
DEMO_WEBHOOK = "WH7K2M-QP4XD-ZR8TNA"  # the demo partner's webhook, as the sandbox's banner prints it
NONCES = itertools.count(int(time.time() * 1000))


# ---- Kraken calls (not the control plane): plain HTTP, signed as the services document ----

def signature(secret, path, nonce, body):
    """API-Sign = Base64(HMAC-SHA512(Base64Decode(secret), path || SHA256(nonce || body)))."""
    digest = hashlib.sha256(nonce.encode() + body).digest()
    return base64.b64encode(hmac.new(base64.b64decode(secret), path.encode() + digest, hashlib.sha512).digest()).decode()


def send(method, path, body, headers):
    request = urllib.request.Request(BASE_URL + path, data=body, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def spot(key, path, params):
    """A private Spot call: a form body carrying the nonce."""
    nonce = str(next(NONCES))
    body = urllib.parse.urlencode({"nonce": nonce, **params}).encode()
    answer = send("POST", path, body, {"API-Key": key.key, "API-Sign": signature(key.secret, path, nonce, body),
                                       "Content-Type": "application/x-www-form-urlencoded"})
    assert not answer["error"], f"{path}: {answer['error']}"
    return answer["result"]


def embed(key, method, path, payload):
    """An Embed call: a JSON body, the nonce in the API-Nonce header."""
    nonce = str(next(NONCES))
    body = json.dumps(payload).encode()
    return send(method, path, body, {"API-Key": key.key, "API-Nonce": nonce, "Content-Type": "application/json",
                                     "API-Sign": signature(key.secret, path, nonce, body)})


NEW_USER = {
    "external_id": "python-1", "email": "maria.fernandez@example.com", "tos_version_accepted": 4,
    "full_name": {"first_name": "Maria", "last_name": "Fernández"}, "date_of_birth": "1988-07-14",
    "residence": {"line1": "Calle de Alcalá 48", "city": "Madrid", "postal_code": "28014", "country": "ES"},
    "phone": "+34915550123", "nationalities": ["ES"], "occupation": "finance",
}
PASSPORT_CHECK = {
    "type": "identity_document",
    "metadata": {
        "identity": {"full_name": {"first_name": "Maria", "last_name": "Fernández"}, "date_of_birth": "1988-07-14"},
        "document_type": "passport", "document_number": "PAE123456", "issuing_country": "ES",
        "verifier": "IDCheck Ltd", "verified_at": "2025-04-14T09:45:00Z",
    },
    "front_url": "https://kyc.example.com/1/front.jpg",
}

# ---- the control plane, through the generated client ----

sandbox = kraken_sandbox.SandboxApi(kraken_sandbox.ApiClient(kraken_sandbox.Configuration(host=BASE_URL)))

# A Spot key of the test user, funded: a deposit arrives, Settled at once, credited ten minutes later.
key = sandbox.create_spot_key(SpotKeyRequest(tier="pro"))
xbt_before = Decimal(sandbox.get_spot_balances().balances["XXBT"])
deposit = sandbox.create_spot_deposit(SpotDepositRequest(asset="XBT", method="Bitcoin", amount="0.5"))
assert deposit.state == "Settled", deposit
sandbox.advance_clock(ClockAdvance(seconds=600))
assert sandbox.get_spot_deposit(deposit.refid).state == "Success"

# A resting buy 5 % under the market (AddOrder, signed), then another participant sells into it.
price = (Decimal(sandbox.get_spot_market("XBTUSD").last_price) * Decimal("0.95")).quantize(Decimal("0.1"))
txid = spot(key, "/0/private/AddOrder", {"pair": "XBTUSD", "type": "buy", "ordertype": "limit",
                                         "price": str(price), "volume": "0.01"})["txid"][0]
trade = sandbox.trade_spot_market("XBTUSD", MarketTradeRequest(side="sell", volume="1000", limit_price=str(price)))
assert Decimal(trade.last_price) == price, trade
assert Decimal(sandbox.get_spot_balances().balances["XXBT"]) - xbt_before == Decimal("0.51")

# An Embed user verified: created and its verification submitted (Embed calls), then approved.
embed_key = sandbox.create_embed_key()
embed(embed_key, "PATCH", f"/b2b/webhooks/{DEMO_WEBHOOK}", {"events": ["user.verified"]})
user = embed(embed_key, "POST", "/b2b/users", NEW_USER)["result"]["user"]
embed(embed_key, "POST", f"/b2b/verifications/{user}/url", PASSPORT_CHECK)
assert sandbox.decide_embed_verification(user, VerificationDecisionRequest(decision="approve")).verified

# The webhook's deliveries: user.verified, delivered to the sandbox's own receiver.
for attempt in range(100):
    deliveries = sandbox.list_webhook_deliveries(DEMO_WEBHOOK).deliveries
    if any(d.event_type == "user.verified" and d.status == "delivered" for d in deliveries):
        break
    time.sleep(0.05)
for delivery in deliveries:
    print("delivery", delivery.event_type, delivery.status.value)
assert any(d.event_type == "user.verified" and d.status == "delivered" for d in deliveries), deliveries

# Save the world, return to the seed, bring the world back.
saved = sandbox.export_state()
sandbox.reset_state()
try:
    sandbox.get_spot_deposit(deposit.refid)
    raise AssertionError("the deposit outlived the reset")
except NotFoundException:
    pass
sandbox.import_state(saved)
assert sandbox.get_spot_deposit(deposit.refid).state == "Success"
assert sandbox.get_embed_user(user).verified

print("deposit", deposit.refid)
print("order", txid)
print("user", user)
