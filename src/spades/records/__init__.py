"""Game records: what settles a scoring dispute.

The layers point one way. :mod:`~spades.records.checks` reads and checks a hand's values, and
:mod:`~spades.records.notation` holds the text forms (cards, hands, two players' draw turns);
:mod:`~spades.records.format` has the record types and their JSON-ready data,
:mod:`~spades.records.writing` JSON out, :mod:`~spades.records.recording` the record of a game
state, and :mod:`~spades.records.reader` JSON in. Then :mod:`~spades.records.report` (what the
verifier finds: problems, hand reports, the report and its data), :mod:`~spades.records.written`
(written scores against the rules'), :mod:`~spades.records.walk` (the walk through a record
that finds them), :mod:`~spades.records.verifier` (:func:`verify` and :func:`replay`), and
:mod:`~spades.records.sheets` (the report as text: the score sheet). A paper score sheet, the
plain text a scorer types from a pad, is read by :mod:`~spades.records.paper` into the same record,
through the same reader, and written by :mod:`~spades.records.paper_writing`.
The JSON form is described by the schema shipped as ``spades/records/schema/record-v1.schema.json``
(see :func:`~spades.records.schema`).
"""

from .checks import WrittenScore
from .format import FORMAT, MAX_INT, VERSION, GameRecord, HandRecord
from .paper import read_sheet
from .paper_places import PaperSheet
from .paper_writing import write_sheet
from .reader import from_data, load, loads
from .recording import to_record
from .reneges import Renege
from .report import (
    HandReport,
    Problem,
    RecordReason,
    Report,
    report_data,
    verdict,
)
from .sheets import (
    explain_hand,
    render_report,
    rules_line,
    score_sheet,
)
from .table_verdict import TableVerdict
from .verifier import replay, verify
from .walk_bidding import Follow
from .writing import dump, dumps, schema

__all__ = [
    "FORMAT",
    "MAX_INT",
    "VERSION",
    "Follow",
    "GameRecord",
    "HandRecord",
    "HandReport",
    "PaperSheet",
    "Problem",
    "RecordReason",
    "Renege",
    "Report",
    "TableVerdict",
    "WrittenScore",
    "dump",
    "dumps",
    "explain_hand",
    "from_data",
    "load",
    "loads",
    "read_sheet",
    "render_report",
    "replay",
    "report_data",
    "rules_line",
    "schema",
    "score_sheet",
    "to_record",
    "verdict",
    "verify",
    "write_sheet",
]
