interface DutyOfficersTable {
  name: string;
  phone: string | null;
  /** Report date (YYYY-MM-DD) of the last national report that named this officer. */
  last_on_duty: string | null;
  active: number;
}

declare module '../db/tables.ts' {
  interface Database {
    duty_officers: DutyOfficersTable;
  }
}

export {};
