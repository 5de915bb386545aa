// The demo company's people: ~150 employees over six departments with teams, titles, managers and
// start dates; a few have left. E-mail addresses use the reserved .example domain, so attestation
// e-mails sent from a demo workspace can never reach a real inbox.
import { addDays } from '../../common/dates';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';
import { people, users } from '../../server/db/schema';
import { insertPeople, type PersonInsert } from '../../server/modules/people/people.repo';
import type { DemoColleagues, DemoContext } from './context';

export const DEMO_EMAIL_DOMAIN = 'northwind.example';

/** Six departments, their teams and share of the head count. */
export const DEMO_DEPARTMENTS = [
  { name: 'Engineering', share: 0.33, teams: ['Platform', 'Product Engineering', 'Data', 'Infrastructure'] },
  { name: 'Sales', share: 0.2, teams: ['North America', 'EMEA', 'Sales Operations'] },
  { name: 'Customer Success', share: 0.14, teams: ['Support', 'Onboarding'] },
  { name: 'Marketing', share: 0.12, teams: ['Growth', 'Content', 'Product Marketing'] },
  { name: 'Operations', share: 0.13, teams: ['Finance', 'People', 'IT', 'Legal'] },
  { name: 'Design', share: 0.08, teams: ['Product Design', 'Brand'] },
] as const;

const TITLES: Record<string, string[]> = {
  Engineering: ['Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Data Engineer', 'SRE'],
  Sales: ['Account Executive', 'Sales Development Rep', 'Solutions Engineer', 'Sales Ops Analyst'],
  'Customer Success': ['Support Specialist', 'Customer Success Manager', 'Onboarding Specialist'],
  Marketing: ['Growth Marketer', 'Content Writer', 'Product Marketing Manager', 'Marketing Analyst'],
  Operations: ['Accountant', 'People Partner', 'IT Administrator', 'Legal Counsel', 'Office Manager'],
  Design: ['Product Designer', 'Senior Product Designer', 'Brand Designer'],
};

const FIRST = [
  'Ada',
  'Alan',
  'Amara',
  'Ana',
  'Arjun',
  'Beatriz',
  'Ben',
  'Chen',
  'Chloe',
  'Dario',
  'Diego',
  'Elena',
  'Emeka',
  'Emma',
  'Farah',
  'Felix',
  'Grace',
  'Hana',
  'Hugo',
  'Ines',
  'Ivan',
  'Jade',
  'Jonas',
  'Kai',
  'Keiko',
  'Lara',
  'Leo',
  'Lina',
  'Luca',
  'Maya',
  'Mateo',
  'Mia',
  'Nadia',
  'Noah',
  'Omar',
  'Priya',
  'Quinn',
  'Rafael',
  'Rosa',
  'Sam',
  'Sara',
  'Sofia',
  'Tariq',
  'Theo',
  'Uma',
  'Vera',
  'Wen',
  'Yara',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adeyemi',
  'Almeida',
  'Bauer',
  'Becker',
  'Chen',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Hansen',
  'Ito',
  'Jansen',
  'Kim',
  'Kowalski',
  'Laurent',
  'Lopez',
  'Martin',
  'Meyer',
  'Moreau',
  'Nakamura',
  'Novak',
  'Okafor',
  'Olsen',
  'Patel',
  'Petrov',
  'Quint',
  'Rossi',
  'Santos',
  'Schmidt',
  'Silva',
  'Singh',
  'Tanaka',
  'Torres',
  'Varga',
  'Wagner',
  'Walsh',
  'Weber',
  'Yilmaz',
];

/** What a demo colleague's account has instead of a password hash: nobody can sign in as them. */
export const DEMO_COLLEAGUE_PASSWORD = '!disabled: a demo company colleague, who cannot sign in';

/**
 * The demo company's colleagues who act in it (see DemoContext.colleagues): user accounts that
 * cannot sign in and belong to no organization (so they take no seat of the plan and get no
 * e-mail as members). Made before any generator, named after their people by generatePeople.
 */
export async function createDemoColleagues(db: DbOrTx, orgId: string, now: Date): Promise<DemoColleagues> {
  const made = async (role: keyof DemoColleagues, jobTitle: string) => {
    const [user] = await db
      .insert(users)
      .values({
        email: `${role}+${orgId}@${DEMO_EMAIL_DOMAIN}`,
        passwordHash: DEMO_COLLEAGUE_PASSWORD,
        firstName: role === 'it' ? 'IT' : 'Finance',
        lastName: 'Lead',
        jobTitle,
        onboardingPhase: 'completed',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    return user!.id;
  };
  return { finance: await made('finance', 'Finance Lead'), it: await made('it', 'IT Lead') };
}

/**
 * The colleagues take the name, title and address of their person in the directory: the lead of
 * Operations' Finance (IT) team, else Operations' head, else the first person. The address gets the
 * workspace's id (a user's e-mail is unique in the installation; every demo has its own).
 */
async function nameColleagues(ctx: DemoContext, rows: PersonInsert[], leads: Map<string, number>) {
  const pick = (team: string) => rows[leads.get(`Operations/${team}`) ?? leads.get('Operations') ?? 0];
  for (const [role, team] of [
    ['finance', 'Finance'],
    ['it', 'IT'],
  ] as const) {
    const person = pick(team);
    if (!person) continue;
    const [local, domain] = person.email.split('@');
    await ctx.db
      .update(users)
      .set({
        email: `${local}+${ctx.orgId.slice(0, 8)}-${role}@${domain}`,
        firstName: person.firstName ?? '',
        lastName: person.lastName ?? '',
        jobTitle: person.title ?? null,
      })
      .where(eq(users.id, ctx.colleagues[role]));
  }
}

/** The directory address of a colleague (their person's), for mail the demo says they received. */
export function personEmailOf(userEmail: string): string {
  return userEmail.replace(/\+[^@]*@/, '@');
}

export async function generatePeople(ctx: DemoContext): Promise<void> {
  const { rng, today } = ctx;
  const total = ctx.options.people;
  const used = new Set<string>();
  const rows: PersonInsert[] = [];
  const leads = new Map<string, number>(); // department or department/team → index of its lead
  let remaining = total;
  DEMO_DEPARTMENTS.forEach((dept, d) => {
    const size = d === DEMO_DEPARTMENTS.length - 1 ? remaining : Math.round(total * dept.share);
    remaining -= size;
    for (let i = 0; i < size; i++) {
      let first: string;
      let last: string;
      let email: string;
      let n = 1;
      do {
        first = rng.pick(FIRST);
        last = rng.pick(LAST);
        email = `${first}.${last}${n > 3 ? n : ''}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
        n++;
      } while (used.has(email));
      used.add(email);
      const team = dept.teams[i % dept.teams.length];
      const isHead = i === 0;
      const isLead = !isHead && i < dept.teams.length + 1;
      const title = isHead ? `VP ${dept.name}` : isLead ? `${team} Lead` : rng.pick(TITLES[dept.name]);
      if (isHead) leads.set(dept.name, rows.length);
      if (isLead) leads.set(`${dept.name}/${team}`, rows.length);
      rows.push({
        organizationId: ctx.orgId,
        email,
        firstName: first,
        lastName: last,
        department: dept.name,
        team: isHead ? null : team,
        title,
        status: 'active',
        startDate: addDays(today, -rng.int(isHead ? 900 : 30, 2200)),
        source: 'csv',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
  });
  // Three people left recently and were offboarded cleanly (the license generator gives two more
  // leavers seats they still hold).
  const leadIndexes = new Set(leads.values());
  const staff = rows.map((_, i) => i).filter((i) => !leadIndexes.has(i));
  for (const at of [0.1, 0.45, 0.8]) {
    const row = rows[staff[Math.floor(staff.length * at)]];
    row.status = 'offboarded';
    row.endDate = addDays(today, -rng.int(20, 80));
  }
  const inserted = await insertPeople(ctx.db, rows);
  await nameColleagues(ctx, rows, leads);
  // Managers: team members report to their team lead, leads to the department head, heads to Operations' head.
  const ids = inserted.map((p) => p.id);
  const ceo = leads.get('Operations');
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const head = leads.get(row.department!);
    const lead = row.team ? leads.get(`${row.department}/${row.team}`) : undefined;
    const manager = i === head ? (i === ceo ? undefined : ceo) : i === lead ? head : (lead ?? head);
    if (manager !== undefined && manager !== i) pairs.push([ids[i], ids[manager]]);
  }
  for (let i = 0; i < pairs.length; i += 2000) {
    const values = sql.join(
      pairs.slice(i, i + 2000).map(([id, managerId]) => sql`(${id}::uuid, ${managerId}::uuid)`),
      sql`, `,
    );
    await ctx.db.execute(sql`update ${people} set manager_id = v.manager_id
      from (values ${values}) as v(id, manager_id)
      where ${people.id} = v.id and ${people.organizationId} = ${ctx.orgId}`);
  }
  ctx.created.personIds.push(...ids);
}
