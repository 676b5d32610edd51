"""The join codes: their letters, their length, and a fresh one drawn at random. The bottom
of the store, read by its queries (`ui.store.store`), by a migration (`ui.store.schema`) and
by the games in progress (`ui.live.tables`) alike."""

from __future__ import annotations

import secrets

JOIN_LETTERS = "ACDEFHJKMNPRTUVWXY"
"""Join codes: capitals that no other letter or digit looks like (no B/8, G/6, I/1/L, O/0/Q,
S/5, Z/2)."""
CODE_LENGTH = 7
"""Letters in a join code: 18^7 = 612,220,032 codes. Every try is answered by its code
(a right code always gets in, whoever else is trying: `ui.web.join_limit`), so the space alone
must outlast a sweep: at the fastest this server answers codes at all (BENCHMARKS.md, "The
shared table, round two"), the whole space takes longer than a code lives
(`ui.store.store.IDLE_EXPIRY_S`)."""
LEGACY_CODE_LENGTH = 4
"""Letters of the codes drawn before (until issue 32): such a code still leads a member back
to its game (`ui.live.tables.Tables.join`), and admits nobody else."""

HISTORY_CODE_LENGTH = 12
"""Letters of the address of a finished game opened from History (/g/<12 letters>, which
leads its members back to it): no join code. It is never of a join code's length, so no
join looks it up (`ui.live.tables.Tables.join`), it holds none of the join code space and
none of the open codes a server or an address may hold (`ui.web.host_limit`)."""


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(length))
