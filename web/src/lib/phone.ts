/** Phone numbers as the back-office shows them (customers are stored in E.164: docs/inbox.md#customers). */

/** `+5511987654321` → `+55 11 98765-4321` (Brazilian numbers; others as they are). */
export function formatPhone(phone: string): string {
  const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return match ? `+55 ${match[1]} ${match[2]}-${match[3]}` : phone;
}
