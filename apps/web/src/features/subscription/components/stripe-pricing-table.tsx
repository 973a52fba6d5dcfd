import { useEffect } from "react";

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

/** Loads Stripe's pricing-table element once per page load (the CSP allows js.stripe.com). */
function usePricingTableScript() {
  useEffect(() => {
    if (document.querySelector(`script[src="${PRICING_TABLE_SCRIPT}"]`)) return;
    const script = document.createElement("script");
    script.src = PRICING_TABLE_SCRIPT;
    script.async = true;
    document.head.append(script);
  }, []);
}

/**
 * Stripe's embedded pricing table (SPEC §4): our user id as client reference, so the webhook's
 * checkout.session.completed names the account that paid.
 */
export function StripePricingTable(props: {
  pricingTableId: string;
  publishableKey: string;
  userId: string;
  email: string;
}) {
  usePricingTableScript();
  return (
    <stripe-pricing-table
      pricing-table-id={props.pricingTableId}
      publishable-key={props.publishableKey}
      client-reference-id={props.userId}
      customer-email={props.email}
    />
  );
}
