/** What the global set-up hands to the tests (`inject('e2e')`). */

export interface E2EContext {
  /** Origin of the tenant `acme`: `http://acme.localhost:<port>` (Chromium resolves *.localhost to loopback). */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`, for calls that carry a Host header themselves. */
  serverUrl: string;
  tenant: string;
  admin: { email: string; password: string; name: string };
  attendant: { email: string; password: string; name: string };
  /** Users the two-factor tests may change without disturbing the other tests. */
  twoFactorUser: { email: string; password: string; name: string };
  enrollUser: { email: string; password: string; name: string };
  /** An attendant the users test locks out with wrong passwords, then unblocks. */
  lockUser: { email: string; password: string; name: string };
  /** An attendant 05-tenants locks out with wrong passwords; an operator unblocks them. */
  operatorUnblockUser: { email: string; password: string; name: string };
  /** Origin of the back-office tenant: `http://backoffice.localhost:<port>`. */
  backofficeUrl: string;
  /** The first operator (`backoffice-cli init --operator-*`): a back-office user with every route. */
  operator: { email: string; password: string; name: string };
  /** Where the server's log is written (copied to e2e/screenshots/server.log at the end). */
  serverLog: string;
  /**
   * The dashboards test's tenant `demo` (07-dashboards), filled by `backoffice-cli seed demo` (a
   * month of history, analytics synced), and its administrator.
   */
  demo: {
    /** `http://demo.localhost:<port>`. */
    baseUrl: string;
    tenant: string;
    admin: { email: string; password: string; name: string };
  };
  /**
   * The providers test's tenant `oficial` (17-providers): official (Cloud API, Meta faked by the
   * global set-up) and gateway numbers, and its administrator.
   */
  official: {
    /** `http://oficial.localhost:<port>`. */
    baseUrl: string;
    tenant: string;
    admin: { email: string; password: string; name: string };
  };
  /**
   * The inbox test's own tenant `loja` (06-inbox): an administrator and two attendants, who are
   * linked to the instance the test creates.
   */
  inbox: {
    /** `http://loja.localhost:<port>`. */
    baseUrl: string;
    tenant: string;
    admin: { email: string; password: string; name: string };
    attendantA: { email: string; password: string; name: string };
    attendantB: { email: string; password: string; name: string };
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}
