import { MoneyCell as MoneyCell_fd577d78c8cc3d645354339e83234328 } from '../../../../../cms/admin/MoneyCell'
import { MoneyField as MoneyField_a6de8a55e28a600cc1d071afd70eeed9 } from '../../../../../cms/admin/MoneyField'
import { AcademyIcon as AcademyIcon_e6677b8cacb8a53855ffbd8710dc9000 } from '../../../../../cms/admin/AcademyIcon'
import { AcademyLogo as AcademyLogo_3f42c3b980cb6c69d10ecf3489f76416 } from '../../../../../cms/admin/AcademyLogo'
import { DashboardIntro as DashboardIntro_4b2001f135b559d86a1656bdecc0628a } from '../../../../../cms/admin/DashboardIntro'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'

/** @type import('payload').ImportMap */
export const importMap = {
  "/cms/admin/MoneyCell#MoneyCell": MoneyCell_fd577d78c8cc3d645354339e83234328,
  "/cms/admin/MoneyField#MoneyField": MoneyField_a6de8a55e28a600cc1d071afd70eeed9,
  "/cms/admin/AcademyIcon#AcademyIcon": AcademyIcon_e6677b8cacb8a53855ffbd8710dc9000,
  "/cms/admin/AcademyLogo#AcademyLogo": AcademyLogo_3f42c3b980cb6c69d10ecf3489f76416,
  "/cms/admin/DashboardIntro#DashboardIntro": DashboardIntro_4b2001f135b559d86a1656bdecc0628a,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24
}
