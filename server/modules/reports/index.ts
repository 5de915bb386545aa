// Reports (issue 20): the report library, its renderers and scheduled delivery. Filled in by the reports work.
