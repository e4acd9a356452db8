import type { CreditDto } from '#api/invoices/credits.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import type { PaymentDto } from '#api/payments/schemas'
import type { TuitionRunFamilyResult } from '#api/tuition/schemas'

/**
 * A family's statement (decisions §11): GET /api/billing/statement (the signed-in family's own)
 * and GET /api/admin/families/:userId/statement (any family, administrators only).
 */

/** The family's next tuition invoice as the engine sees it today: exactly what a dry run of that month would bill it. */
export type StatementNextDto = {
  /** The month it will bill, `YYYY-MM`: the first month from this one the family has no tuition invoice for. */
  period: string
  /** The day the month is billed (and the invoice due): the billing day of that month, `YYYY-MM-DD`. */
  billingDate: string
  /** The academy's day the invoice will be issued: the billing day, or today when that day has passed, `YYYY-MM-DD`. */
  issueDate: string
  /** The day it falls due (tuitionDueDate: the billing day, never before the day it is issued), `YYYY-MM-DD`. */
  dueDate: string
  /** The estimate, cents: enrollments, prices, discounts, fees or closures may change before then. */
  estimatedCents: number
  /** The lines the invoice will carry, each with its explanation in words, exactly as the run would write them. */
  lines: TuitionRunFamilyResult['lines']
}

export type { StatementAutopayDto } from '#api/autopay/schemas'
import type { StatementAutopayDto } from '#api/autopay/schemas'

/** An open credit with something left, which the next tuition invoices will take off (decisions §10). */
export type StatementCreditDto = Pick<CreditDto, 'id' | 'reason' | 'amountCents' | 'remainingCents' | 'createdAt'>

export type StatementDto = {
  userId: number
  fullName: string
  email: string
  /** What the family owes now: the sum of its pending and overdue invoices, cents. */
  balanceCents: number
  /** Every invoice of the family, newest first, each with its lines and status. */
  invoices: InvoiceDto[]
  /** Every payment of the family (completed, pending and failed card attempts), newest first. */
  payments: PaymentDto[]
  /** Null when nothing falls due next (no enrollment, or no class held in that month). */
  next: StatementNextDto | null
  autopay: StatementAutopayDto | null
  /** Open credits with a remainder, oldest first: the order the tuition run uses them in. */
  credits: StatementCreditDto[]
  /** The guardian who pays, in a household of several guardians (decisions §23); null for a household of one. */
  payer: { id: number; fullName: string } | null
  /**
   * Split billing (decisions §34), only when on and some invoice names a guardian: to a
   * guardian, `you` (their statement holds only what is billed to them); to an administrator,
   * the household's invoices grouped by the guardian billed (null: the payer).
   */
  split?: {
    you: { id: number; fullName: string } | null
    groups: { guardianId: number | null; guardianName: string | null; invoiceIds: number[]; balanceCents: number }[]
  }
}
