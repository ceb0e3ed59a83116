"""The steps runner every stateful operation shares (kit ADP-50): one state, many steps, one
result per step, and a refused step is a result, not the end of the request."""

from openhuman_tunnel.errors import TunnelError


def run_steps(steps, apply, *, before=None, after=None) -> dict:
    """`{"steps": [...]}`, one result per step, in order.

    For each step: `before(step)` runs first, whatever the step then does (expiry, RPC-5 and
    CHUNK-5), and returns members for the result; then `apply(step)` returns the step's result,
    and a `TunnelError` it raises is the result `{"error": code}`, after which the next step still
    runs. The result then gets the members `before` returned and those of `after()` (the state
    after the step). Anything else raised (`BadRequest`) ends the request.

    `steps` is a list, read whole before any step runs, or an iterator that reads each step as
    it comes (the envelope steps, so that at most one generated message is held at a time).
    """
    results = []
    for step in steps:
        prior = before(step) if before is not None else None
        try:
            result = apply(step)
        except TunnelError as error:
            result = {"error": error.code}
        if prior is not None:
            result.update(prior)
        if after is not None:
            result.update(after())
        results.append(result)
    return {"steps": results}
