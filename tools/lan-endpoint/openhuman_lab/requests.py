"""The reference device's record of the runner's requests (TRANS-7): per request the path it was
last sent on (None while it is held), every path it was sent on, and the path its final answer
came on.

The device keeps its pending requests per pairing, across sessions and carriers (TRANS-1): a
request sent on the LAN and resent on the relay is one request, its answer the one that ends it.
A probe's ping is not recorded here: it belongs to its probe and is never resent (TRANS-5).
Finished requests stay in the record, for the runner's `status`.
"""

import dataclasses


@dataclasses.dataclass
class Request:
    request_id: str
    method: str
    params: bytes
    last: str | None = None  # the path it was last sent on; None while held
    sent_on: list = dataclasses.field(default_factory=list)
    answered_on: str | None = None
    pending: bool = True  # until its final answer or its deadline

    def sent(self, path: str) -> None:
        self.last = path
        self.sent_on.append(path)


class RequestBook:
    def __init__(self) -> None:
        self._requests: dict[str, Request] = {}  # in the order they were asked for

    def __contains__(self, request_id: str) -> bool:
        return request_id in self._requests

    def add(self, request_id: str, method: str, params: bytes) -> Request:
        request = self._requests[request_id] = Request(request_id, method, params)
        return request

    def pending(self, request_id: str) -> Request | None:
        request = self._requests.get(request_id)
        return request if request is not None and request.pending else None

    def all_pending(self) -> list[Request]:
        return [request for request in self._requests.values() if request.pending]

    def last_sent_on(self, path: str) -> bool:
        """TRANS-7 item 2: whether a pending request was last sent on `path`."""
        return any(request.last == path for request in self.all_pending())

    def end(self, request_id: str, answered_on: str | None) -> None:
        """The final answer arrived on `answered_on`, or (None) the deadline passed (RPC-5)."""
        request = self._requests[request_id]
        request.pending = False
        request.answered_on = answered_on

    def status(self) -> dict:
        return {
            request.request_id: {"sentOn": list(request.sent_on), "answeredOn": request.answered_on}
            for request in self._requests.values()
        }
