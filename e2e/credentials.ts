/** The two accounts of the browser tests: the bootstrap admin and a `user` made with the server's CLI. */
export const adminCredentials = { username: 'admin', password: 'e2e-admin-pass' } as const;
export const clerkCredentials = { username: 'clerk', password: 'clerk123' } as const;
