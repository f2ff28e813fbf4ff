/**
 * The rows a failed or returned AutoPay / plan payment reads about its schedule (use-cases/recurring-setbacks.ts): the
 * plan and installment a group pays, the statuses of an installment's groups in the order they were made, and the
 * AutoPay and active plans charging a method.
 */
import type { Db } from '../db/connect.js';

/** The plan (terms, name, its method's provider and return code) of a payment group, with the group's installment number. */
export async function installmentOfGroup(db: Db, groupId: string) {
  return db
    .selectFrom('paymentGroups as g')
    .innerJoin('paymentPlans as p', 'p.id', 'g.paymentPlanId')
    .innerJoin('paymentMethods as m', 'm.id', 'p.paymentMethodId')
    .select(['g.installmentNumber', 'p.id as planId', 'p.name', 'p.startDate', 'p.frequency', 'p.totalAmountCents', 'p.eachAmountCents', 'm.provider', 'm.returnedCode'])
    .where('g.id', '=', groupId)
    .executeTakeFirst();
}

/** The statuses of the groups of one installment, in the order they were made. */
export async function installmentGroupStatuses(db: Db, planId: string, installmentNumber: number): Promise<string[]> {
  const rows = await db
    .selectFrom('paymentGroups')
    .select('status')
    .where('paymentPlanId', '=', planId)
    .where('installmentNumber', '=', installmentNumber)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.status);
}

/** The AutoPay and active plans that charge a method: what a return making it unusable pauses. */
export interface PausedSchedules {
  autopayIds: string[];
  plans: Array<{ id: string; name: string }>;
}

export async function schedulesOfMethod(db: Db, methodId: string): Promise<PausedSchedules> {
  const autopays = await db.selectFrom('autopays').select('id').where('paymentMethodId', '=', methodId).where('deletedAt', 'is', null).orderBy('id').execute();
  const plans = await db
    .selectFrom('paymentPlans')
    .select(['id', 'name'])
    .where('paymentMethodId', '=', methodId)
    .where('status', '=', 'active')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return { autopayIds: autopays.map((a) => a.id), plans };
}
