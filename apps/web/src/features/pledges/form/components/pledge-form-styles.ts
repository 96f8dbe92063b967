export const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
