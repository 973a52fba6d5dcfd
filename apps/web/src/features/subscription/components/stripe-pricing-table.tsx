import { Alert } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const PRICING_TABLE_SCRIPT = "https://js.stripe.com/v3/pricing-table.js";

declare module "react" {
  // JSX's table of intrinsic elements can only be extended through its namespace.
  namespace JSX {
    interface IntrinsicElements {
      "stripe-pricing-table": {
        "pricing-table-id": string;
        "publishable-key": string;
        "client-reference-id": string;
        "customer-email": string;
      };
    }
  }
}

/**
 * Loads Stripe's pricing-table element once per page load (the CSP allows js.stripe.com), and
 * reports a failure to load it, so the page can say so instead of showing an empty box.
 */
function usePricingTableScript() {
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${PRICING_TABLE_SCRIPT}"]`);
    const script = existing ?? document.createElement("script");
    const onError = () => setHasFailed(true);
    script.addEventListener("error", onError);
    if (!existing) {
      script.src = PRICING_TABLE_SCRIPT;
      script.async = true;
      document.head.append(script);
    }
    return () => script.removeEventListener("error", onError);
  }, []);
  return { hasFailed };
}

/**
 * Stripe's embedded pricing table (product §4): our user id as client reference, so the webhook's
 * checkout.session.completed names the account that paid.
 */
export function StripePricingTable(props: {
  pricingTableId: string;
  publishableKey: string;
  userId: string;
  email: string;
}) {
  const { t } = useTranslation("subscription");
  const { hasFailed } = usePricingTableScript();
  return (
    <>
      {hasFailed && <Alert type="warning" showIcon role="alert" title={t("tableUnavailable")} />}
      <stripe-pricing-table
        pricing-table-id={props.pricingTableId}
        publishable-key={props.publishableKey}
        client-reference-id={props.userId}
        customer-email={props.email}
      />
    </>
  );
}
