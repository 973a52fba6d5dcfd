import "./billing-panel.css";
import { CreditCardOutlined } from "@ant-design/icons";
import { FIRM_SEATS_MAX, type Firm, type FirmBilling } from "@precis/contract/firms";
import { Form, Input, Progress } from "antd";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { Notice } from "@/components/notice";
import { PanelSection } from "@/components/panel-section";
import { VerticalForm } from "@/components/vertical-form";
import { getCurrentLanguage } from "@/i18n";
import { formatLongDate } from "@/lib/format-date";
import { useFirmBillingPortal, useFirmCheckout } from "../api/firm-billing";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";
import { InlineSubmit } from "./panel-parts";

/** Stripe's subscription statuses the catalogue words; another one is shown as Stripe names it. */
const KNOWN_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;

type SeatValues = { seats: number };

/**
 * Issue 44's seats, on `/firm`. Without a running subscription the owner buys seats (at least one per member) through
 * Stripe Checkout; with one, the seats used and bought, the status, and Stripe's customer portal, where seats are
 * added (Stripe prorates) and billing is managed. Admins see the same figures, read-only. Nothing here changes the
 * firm: Stripe's signed events do, and the page shows them when the owner comes back.
 */
export function BillingPanel({ firm }: { firm: Firm }) {
  const { t } = useTranslation("firm");
  const billing = firm.billing;
  const isOwner = firm.role === "owner";
  const { failure, showFailure, clearFailure } = useFirmFailure();
  const checkoutMutation = useFirmCheckout();
  const portalMutation = useFirmBillingPortal();
  const isLeaving = checkoutMutation.isPending || checkoutMutation.isSuccess || portalMutation.isSuccess;

  const buy = ({ seats }: SeatValues) => {
    if (isLeaving) return;
    clearFailure();
    checkoutMutation.mutate(seats, { onError: showFailure });
  };
  const openPortal = () => {
    if (portalMutation.isPending || isLeaving) return;
    clearFailure();
    portalMutation.mutate(undefined, { onError: showFailure });
  };

  if (!billing) return null;
  const hasRunningSubscription = billing.seated || (billing.status !== null && !isEnded(billing));

  return (
    <PanelSection look="firm-card" heading={t("billing.heading")} className="firm-billing">
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      {billing.seated ? (
        <SeatFacts billing={billing} memberCount={firm.memberCount} />
      ) : (
        <>
          {isEnded(billing) && (
            <Notice type="warning" role="status" className="firm-alert" title={t("billing.endedTitle")} />
          )}
          <p className="firm-card-intro">{t("billing.noSubscription")}</p>
          {billing.status !== null && !isEnded(billing) && (
            <p className="firm-note">{t("billing.statusLine", { status: statusLabel(billing.status, t) })}</p>
          )}
        </>
      )}
      {!isOwner ? (
        <p className="firm-note firm-billing-owner-only">{t("billing.ownerOnly")}</p>
      ) : hasRunningSubscription ? (
        <>
          <p className="firm-help">{t("billing.addSeatsHelp")}</p>
          <div className="action-row panel-actions">
            <BusyButton type="primary" size="large" isBusy={portalMutation.isPending} onClick={openPortal}>
              {t("billing.addSeats")}
            </BusyButton>
            <BusyButton size="large" isBusy={false} onClick={openPortal}>
              {t("billing.manage")}
            </BusyButton>
          </div>
        </>
      ) : (
        <BuySeats
          memberCount={firm.memberCount}
          isBusy={checkoutMutation.isPending}
          onBuy={buy}
          canManage={billing.hasBillingAccount}
          onManage={openPortal}
          isManaging={portalMutation.isPending}
        />
      )}
    </PanelSection>
  );
}

const isEnded = (billing: FirmBilling) =>
  billing.status !== null && ["canceled", "incomplete_expired", "unpaid", "paused"].includes(billing.status);

type T = ReturnType<typeof useTranslation<"firm">>["t"];

const statusLabel = (status: string, t: T) =>
  (KNOWN_STATUSES as readonly string[]).includes(status)
    ? t(`billing.statuses.${status as (typeof KNOWN_STATUSES)[number]}`)
    : status;

function SeatFacts({ billing, memberCount }: { billing: FirmBilling; memberCount: number }) {
  const { t } = useTranslation("firm");
  const language = getCurrentLanguage();
  const seats = billing.seats ?? 0;
  const isFull = memberCount >= seats;
  return (
    <>
      <dl className="firm-billing-facts">
        <div>
          <dt>{t("billing.seatsUsed")}</dt>
          <dd>{t("billing.seatsOf", { used: memberCount, total: seats })}</dd>
        </div>
        <div>
          {/* Counted as the server counts them: members plus open invitations hold seats (issue 56). */}
          <dt>{t("billing.seatsFree")}</dt>
          <dd>{Math.max(0, seats - billing.seatsPromised)}</dd>
        </div>
        <div>
          <dt>{t("billing.status")}</dt>
          <dd>{billing.status ? statusLabel(billing.status, t) : "—"}</dd>
        </div>
        {billing.currentPeriodEnd && (
          <div>
            <dt>{t("billing.periodEnd")}</dt>
            <dd>{formatLongDate(billing.currentPeriodEnd, language)}</dd>
          </div>
        )}
      </dl>
      <Progress
        percent={seats === 0 ? 100 : Math.min(100, Math.round((memberCount / seats) * 100))}
        showInfo={false}
        status={isFull ? "exception" : "normal"}
        aria-label={t("billing.seatsOf", { used: memberCount, total: seats })}
      />
      {billing.status === "past_due" && (
        <Notice type="warning" role="status" className="firm-alert" title={t("billing.pastDue")} />
      )}
      {isFull ? (
        <Notice type="info" role="status" className="firm-alert" title={t("billing.full")} />
      ) : billing.seatsPromised >= seats ? (
        <p className="firm-note">{t("billing.promised", { count: billing.seatsPromised - memberCount })}</p>
      ) : null}
    </>
  );
}

function BuySeats({
  memberCount,
  isBusy,
  onBuy,
  canManage,
  onManage,
  isManaging,
}: {
  memberCount: number;
  isBusy: boolean;
  onBuy: (values: SeatValues) => void;
  canManage: boolean;
  onManage: () => void;
  isManaging: boolean;
}) {
  const { t } = useTranslation("firm");
  const [form] = Form.useForm<SeatValues>();
  const minimum = Math.max(1, memberCount);
  return (
    <VerticalForm<SeatValues>
      form={form}
      name="firm-buy-seats"
      initialValues={{ seats: minimum }}
      onFinish={onBuy}
      className="firm-inline-form firm-billing-form"
    >
      <Form.Item
        label={t("billing.seatsLabel")}
        name="seats"
        normalize={(value: string) => (value === "" ? undefined : Number(value))}
        extra={t("billing.seatsHelp", { count: minimum })}
        rules={[
          { required: true, message: t("billing.seatsRequired", { count: minimum }) },
          {
            type: "integer",
            min: minimum,
            max: FIRM_SEATS_MAX,
            message: t("billing.seatsRange", { min: minimum, max: FIRM_SEATS_MAX }),
          },
        ]}
      >
        {/* A plain number field: antd's InputNumber would bring its own stylesheet for one field. */}
        <Input
          type="number"
          inputMode="numeric"
          size="large"
          min={minimum}
          max={FIRM_SEATS_MAX}
          step={1}
          className="firm-billing-seats"
        />
      </Form.Item>
      <InlineSubmit isBusy={isBusy} icon={<CreditCardOutlined aria-hidden="true" />}>
        {t("billing.buy")}
      </InlineSubmit>
      {canManage && (
        <Form.Item label=" " className="firm-submit-item">
          <BusyButton size="large" isBusy={isManaging} onClick={onManage}>
            {t("billing.manage")}
          </BusyButton>
        </Form.Item>
      )}
    </VerticalForm>
  );
}
