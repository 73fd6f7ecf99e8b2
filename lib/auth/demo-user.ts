/** The embedded authorization server's demo user: shown on its login page and in the Auth view (no server code here). */
export const DEMO_USER = {
  login: "student",
  password: "calendar",
  accountId: "student-1",
  name: "Demo Student",
} as const;
