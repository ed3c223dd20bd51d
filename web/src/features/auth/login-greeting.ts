/**
 * The greeting after a successful login (docs/contracts.md#error-messages, "Alternate login path"):
 * a notification titled `Logado com sucesso!` saying `Você entrou na plataforma com sucesso!`.
 * /login has no notifications host (bundle budget: the navigation layout holds it), so the login
 * flow only marks it due; the navigation layout shows it once when it mounts
 * (hooks/use-login-greeting.ts). In memory: a reload after logging in does not greet again.
 */

export const LOGIN_SUCCESS_TITLE = 'Logado com sucesso!';
export const LOGIN_SUCCESS_MESSAGE = 'Você entrou na plataforma com sucesso!';

let due = false;

/** A login just succeeded: greet on the next logged-in screen. */
export function greetAfterLogin(): void {
  due = true;
}

/** True once after `greetAfterLogin` (the greeting is then shown). */
export function takeLoginGreeting(): boolean {
  const was = due;
  due = false;
  return was;
}
