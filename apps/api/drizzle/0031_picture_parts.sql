CREATE TABLE "uploaded_image_parts" (
	"image_id" text NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "uploaded_image_parts_image_id_part_pk" PRIMARY KEY("image_id","part"),
	CONSTRAINT "uploaded_image_parts_part_check" CHECK ("uploaded_image_parts"."part" >= 0)
);
--> statement-breakpoint
-- Pictures stored from now on keep their bytes in uploaded_image_parts. Only the shop's own server reads this table,
-- and a server of an earlier release is not run on a migrated database (docs/operations.md, upgrading).
-- squawk-ignore ban-drop-not-null
ALTER TABLE "uploaded_images" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
-- Pictures are compressed already: PostgreSQL's own compression of each piece would only cost time.
ALTER TABLE "uploaded_image_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
