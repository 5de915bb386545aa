/** Where the base URL and token go in Okta and Microsoft Entra ID, and which settings to turn on. */
export function ScimSetupSteps() {
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <section className="grid gap-1.5">
        <h4 className="font-medium">Okta</h4>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>In your Stackwise app, General → Provisioning: choose SCIM.</li>
          <li>
            Provisioning → Integration: SCIM connector base URL = the base URL above; unique identifier field
            = <code>userName</code>; actions: Push New Users, Push Profile Updates, Push Groups.
          </li>
          <li>Authentication mode: HTTP Header, Bearer = the token.</li>
          <li>Provisioning → To App: enable Create Users, Update User Attributes and Deactivate Users.</li>
        </ol>
      </section>
      <section className="grid gap-1.5">
        <h4 className="font-medium">Microsoft Entra ID</h4>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Enterprise applications → your Stackwise app (or a new non-gallery app) → Provisioning.</li>
          <li>Provisioning mode: Automatic. Tenant URL = the base URL above; Secret token = the token.</li>
          <li>
            Test connection, then keep userPrincipalName → userName (an e-mail address) in the mappings.
          </li>
          <li>Assign users and groups, then start provisioning.</li>
        </ol>
      </section>
    </div>
  );
}
