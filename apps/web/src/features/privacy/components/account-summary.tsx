import type { AccountExport } from "@precis/contract/account-export";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { formatDateTime } from "@/lib/format-date";
import { occupationLabelKeys } from "@/lib/occupation-labels";

/** The fourteen visibility flags of a memo preset, counted as "sections shown". */
const VISIBILITY_FLAG = /^memo\w+Visible$/;

type Field = { label: string; value: ReactNode };

/**
 * Issue 43: the export, for the person it describes to read on the page. Every part of the file has its section,
 * in the file's order, each field under its own name; a list the file holds empty says so. Dates in the reader's
 * language and time zone, codes (occupation, memo choices, security events) in words.
 */
export function AccountSummary({ data }: { data: AccountExport }) {
  const { t } = useTranslation(["privacy", "profile", "common"]);
  const language = getCurrentLanguage();
  const when = (date: string | null | undefined) => (date ? formatDateTime(date, language) : t("summary.never"));
  const yesNo = (value: boolean) => t(value ? "summary.yes" : "summary.no");
  const { account } = data;

  const accountFields: Field[] = [
    { label: t("profile:user.fields.email"), value: account.email },
    { label: t("profile:user.fields.username"), value: account.name },
    { label: t("profile:user.fields.firstName"), value: account.firstName || t("summary.empty") },
    { label: t("profile:user.fields.lastName"), value: account.lastName || t("summary.empty") },
    { label: t("profile:user.fields.organization"), value: account.organization || t("summary.empty") },
    { label: t("profile:user.fields.areaOfLaw"), value: account.areaOfLaw || t("summary.empty") },
    { label: t("profile:user.fields.occupation"), value: t(occupationLabelKeys[account.occupation]) },
    {
      label: t("profile:user.topicsLegend"),
      value:
        account.topicsOfInterest.length > 0
          ? account.topicsOfInterest.map((topic) => t(`profile:topics.${topic}`)).join(", ")
          : t("summary.empty"),
    },
    { label: t("summary.account.language"), value: account.language === "fr" ? "Français" : "English" },
    { label: t("summary.account.createdAt"), value: when(account.createdAt) },
    { label: t("summary.account.emailVerifiedAt"), value: when(account.emailVerifiedAt) },
    { label: t("summary.account.trialStartedAt"), value: when(account.trialStartedAt) },
    { label: t("summary.account.hasPassword"), value: yesNo(account.hasPassword) },
    ...(account.deletionScheduledFor
      ? [{ label: t("summary.account.deletionScheduledFor"), value: when(account.deletionScheduledFor) }]
      : []),
  ];

  const { secondFactors, entitlement } = data;
  return (
    <div className="account-summary">
      <p className="account-summary-intro">{t("summary.intro", { date: when(data.exportedAt) })}</p>

      <SummarySection title={t("summary.account.heading")}>
        <Fields fields={accountFields} />
      </SummarySection>

      <SummarySection title={t("summary.consents.heading")}>
        <Items
          items={data.consents.map((consent) => [
            { label: t("summary.consents.document"), value: documentName(consent.document, t) },
            { label: t("summary.consents.version"), value: consent.version },
            { label: t("summary.consents.acceptedAt"), value: when(consent.acceptedAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.signInMethods.heading")}>
        <Items
          items={data.signInMethods.map((method) => [
            { label: t("summary.signInMethods.provider"), value: providerName(method.provider) },
            { label: t("profile:user.fields.email"), value: method.email },
            { label: t("summary.signInMethods.linkedAt"), value: when(method.linkedAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.presets.heading")}>
        <Items
          items={data.memoOptionSets.map((preset) => [
            {
              label: t("summary.presets.name"),
              value: preset.isSelected ? t("summary.presets.inUse", { name: preset.name }) : preset.name,
            },
            ...(["memoSummary", "memoFactsLength", "memoFactsPresentation", "memoTone", "memoLang"] as const).map(
              (row) => ({
                label: t(`profile:memo.rows.${row}`),
                value: t(`profile:memo.values.${row}.${preset[row]}`, { defaultValue: String(preset[row]) }),
              }),
            ),
            {
              label: t("summary.presets.sections"),
              value: t("summary.presets.sectionsShown", {
                shown: Object.entries(preset).filter(([key, value]) => VISIBILITY_FLAG.test(key) && value === true)
                  .length,
                total: Object.keys(preset).filter((key) => VISIBILITY_FLAG.test(key)).length,
              }),
            },
            { label: t("summary.presets.savedAt"), value: when(preset.savedAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.sessions.heading")}>
        <Items
          items={data.sessions.map((session) => [
            { label: t("summary.sessions.startedAt"), value: when(session.startedAt) },
            { label: t("summary.sessions.lastActiveAt"), value: when(session.lastActiveAt) },
            {
              label: t("summary.sessions.endedAt"),
              value: session.endedAt ? when(session.endedAt) : t("summary.sessions.active"),
            },
            {
              label: t("summary.sessions.kind"),
              value: t(session.isExtension ? "summary.sessions.extension" : "summary.sessions.browser"),
            },
            { label: t("summary.ipAddress"), value: session.ipAddress ?? t("summary.empty") },
            { label: t("summary.userAgent"), value: session.userAgent ?? t("summary.empty") },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.knownBrowsers.heading")}>
        <Items
          items={data.knownBrowsers.map((browser) => [
            { label: t("summary.knownBrowsers.firstSignInAt"), value: when(browser.firstSignInAt) },
            { label: t("summary.knownBrowsers.lastSignInAt"), value: when(browser.lastSignInAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.secondFactors.heading")}>
        <Fields
          fields={[
            {
              label: t("summary.secondFactors.app"),
              value: secondFactors.authenticatorAppEnabledAt
                ? t("summary.secondFactors.appOn", { date: when(secondFactors.authenticatorAppEnabledAt) })
                : t("summary.secondFactors.appOff"),
            },
            { label: t("summary.secondFactors.recoveryCodesLeft"), value: secondFactors.recoveryCodesLeft },
          ]}
        />
        <h4 className="account-summary-subheading">{t("summary.secondFactors.passkeys")}</h4>
        <Items
          items={secondFactors.passkeys.map((passkey) => [
            { label: t("summary.secondFactors.passkeyName"), value: passkey.name },
            { label: t("summary.secondFactors.createdAt"), value: when(passkey.createdAt) },
            { label: t("summary.secondFactors.lastUsedAt"), value: when(passkey.lastUsedAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.securityEvents.heading")}>
        <Items
          items={data.securityEvents.map((event) => [
            { label: t("summary.securityEvents.occurredAt"), value: when(event.occurredAt) },
            {
              label: t("summary.securityEvents.event"),
              value: t(`summary.events.${event.event}`, { defaultValue: event.event }),
            },
            { label: t("summary.ipAddress"), value: event.ipAddress ?? t("summary.empty") },
            { label: t("summary.userAgent"), value: event.userAgent ?? t("summary.empty") },
            ...(event.details
              ? [
                  {
                    label: t("summary.securityEvents.details"),
                    value: Object.entries(event.details)
                      .map(([key, value]) => `${key}: ${String(value)}`)
                      .join(", "),
                  },
                ]
              : []),
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.subscriptions.heading")}>
        <Items
          items={data.subscriptions.map((subscription) => [
            { label: t("summary.subscriptions.plan"), value: subscription.planName },
            { label: t("summary.subscriptions.status"), value: subscription.status },
            { label: t("summary.subscriptions.period"), value: subscription.pricePeriod },
            { label: t("summary.subscriptions.currentPeriodEnd"), value: when(subscription.currentPeriodEnd) },
            { label: t("summary.subscriptions.cancelAtPeriodEnd"), value: yesNo(subscription.cancelAtPeriodEnd) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.access.heading")}>
        <Fields
          fields={[
            { label: t("summary.access.kind"), value: t(`summary.access.kinds.${entitlement.access}`) },
            { label: t("summary.access.endsAt"), value: when(entitlement.endsAt) },
            {
              label: t("summary.access.memos"),
              value:
                entitlement.memo.monthlyLimit === null
                  ? t("summary.access.memosUnlimited", { used: entitlement.memo.usedThisMonth })
                  : t("summary.access.memosOf", {
                      used: entitlement.memo.usedThisMonth,
                      limit: entitlement.memo.monthlyLimit,
                    }),
            },
          ]}
        />
      </SummarySection>

      <SummarySection title={t("summary.memoUsage.heading")}>
        <Items
          items={data.memoUsage.map((usage) => [
            { label: t("summary.memoUsage.month"), value: usage.month },
            { label: t("summary.memoUsage.count"), value: usage.memoCount },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.accessReminders.heading")}>
        <Items
          items={data.accessReminders.map((reminder) => [
            {
              label: t("summary.access.kind"),
              value: t(`summary.access.kinds.${reminder.access}`, { defaultValue: reminder.access }),
            },
            { label: t("summary.access.endsAt"), value: when(reminder.endsAt) },
            { label: t("summary.accessReminders.daysBefore"), value: reminder.daysBefore },
            { label: t("summary.accessReminders.sentAt"), value: when(reminder.sentAt) },
          ])}
        />
      </SummarySection>

      <SummarySection title={t("summary.emails.heading")}>
        <Items
          items={data.emails.map((email) => [
            { label: t("summary.emails.subject"), value: email.subject },
            { label: t("summary.emails.queuedAt"), value: when(email.queuedAt) },
            {
              label: t("summary.emails.sentAt"),
              value: email.sentAt ? when(email.sentAt) : t("summary.emails.notSent"),
            },
          ])}
        />
      </SummarySection>
    </div>
  );
}

function SummarySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="account-summary-section">
      <h3 className="account-summary-heading">{title}</h3>
      {children}
    </section>
  );
}

function Fields({ fields }: { fields: Field[] }) {
  return (
    <dl className="account-summary-fields">
      {fields.map((field) => (
        <div key={field.label} className="account-summary-field">
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list the file holds: one entry per item, or the word for none. */
function Items({ items }: { items: Field[][] }) {
  const { t } = useTranslation("privacy");
  if (items.length === 0) return <p className="account-summary-none">{t("summary.none")}</p>;
  return (
    <ul className="account-summary-items">
      {items.map((fields, index) => (
        // The file's order is the only identity its entries have.
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are never reordered or removed in place
        <li key={index} className="account-summary-item">
          <Fields fields={fields} />
        </li>
      ))}
    </ul>
  );
}

const providerName = (provider: string) =>
  provider === "microsoft.com" ? "Microsoft" : provider === "google.com" ? "Google" : provider;

function documentName(document: string, t: (key: "consents.documents.terms" | "consents.documents.privacy") => string) {
  if (document === "terms") return t("consents.documents.terms");
  if (document === "privacy") return t("consents.documents.privacy");
  return document;
}
