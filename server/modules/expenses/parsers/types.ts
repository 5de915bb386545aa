// What every statement parser answers: rows ready to become expenses, and per-line problems.
import { rowError, type ImportRowError } from '../../../../common/contracts/import-rows';

/** One transaction of a statement. `amountMinor` > 0 is money going out (a charge). */
export interface StatementRow {
  /** 1-based line (CSV/QIF) or transaction number (OFX), for messages and duplicate choices. */
  line: number;
  date: string;
  amountMinor: number;
  currency: string;
  merchant: string;
  description: string | null;
  externalId: string | null;
  invoiceNumber: string | null;
  category: string | null;
}

export interface ParseResult {
  rows: StatementRow[];
  errors: ImportRowError[];
  /** Lines left out on purpose: money coming in (unless credits are wanted), blank rows. */
  skipped: number;
}

export interface ParseOptions {
  /** Currency of rows that do not name one. */
  defaultCurrency: string;
  /** Keep money coming in (refunds) as negative expenses. */
  includeCredits: boolean;
}

/** Accumulates rows and errors; keeps memory bounded on files full of errors. */
export class ResultBuilder {
  readonly rows: StatementRow[] = [];
  readonly errors: ImportRowError[] = [];
  skipped = 0;

  constructor(private readonly options: ParseOptions) {}

  error(line: number, field: string | null, message: string): void {
    this.errors.push(rowError(line, field, message));
  }

  /** Adds a transaction given as money out (positive) or in (negative). */
  add(row: StatementRow): void {
    if (row.amountMinor === 0) {
      this.skipped += 1;
      return;
    }
    if (row.amountMinor < 0 && !this.options.includeCredits) {
      this.skipped += 1;
      return;
    }
    this.rows.push(row);
  }

  result(): ParseResult {
    return { rows: this.rows, errors: this.errors, skipped: this.skipped };
  }
}
