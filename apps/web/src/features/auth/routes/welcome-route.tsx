import { RegistrationPage } from "@/features/auth/components/registration-page";

/** /welcome: the registration form beside a welcome panel (product §2 Register, welcome variant). */
export function WelcomeRoute() {
  return <RegistrationPage variant="welcome" />;
}
