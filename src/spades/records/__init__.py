"""Game records: what settles a scoring dispute.

The layers point one way: :mod:`~spades.records.model` (the record types and JSON out) and
:mod:`~spades.records.reader` (JSON in), then :mod:`~spades.records.problems` (what the verifier
finds: problems, hand reports, the report and its data), then ``verify`` (the
walk through a record that finds them), then :mod:`~spades.records.report` (the report as text).
The JSON form is described by the schema shipped as ``spades/records/schema/record-v1.schema.json``
(see :func:`~spades.records.schema`).
"""

from .model import (
    FORMAT,
    MAX_INT,
    VERSION,
    GameRecord,
    HandRecord,
    WrittenScore,
    dump,
    dumps,
    schema,
    to_record,
)
from .problems import (
    HandReport,
    Problem,
    RecordReason,
    Renege,
    Report,
    report_data,
    verdict,
)
from .reader import from_data, load, loads
from .report import (
    explain_hand,
    render_report,
    rules_line,
    score_sheet,
)
from .verify import Follow, replay, verify

__all__ = [
    "FORMAT",
    "MAX_INT",
    "VERSION",
    "Follow",
    "GameRecord",
    "HandRecord",
    "HandReport",
    "Problem",
    "RecordReason",
    "Renege",
    "Report",
    "WrittenScore",
    "dump",
    "dumps",
    "explain_hand",
    "from_data",
    "load",
    "loads",
    "render_report",
    "replay",
    "report_data",
    "rules_line",
    "schema",
    "score_sheet",
    "to_record",
    "verdict",
    "verify",
]
