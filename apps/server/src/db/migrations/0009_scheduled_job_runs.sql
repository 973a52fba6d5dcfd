CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "scheduled_job_runs_job_period_pk" PRIMARY KEY("job","period")
);
