/* isolab: error reports. */
#include <stdarg.h>
#include <stdio.h>

#include "isolab/error.h"

static isl_status vfail(isl_error *err, isl_status status, isl_reason why, const char *fmt, va_list ap)
{
    if (err) {
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        err->status = status;
        err->reason = why;
    }
    return status;
}

isl_status isl_fail(isl_error *err, isl_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(err, status, ISL_R_NONE, fmt, ap);
    va_end(ap);
    return status;
}

isl_status isl_fail_why(isl_error *err, isl_status status, isl_reason why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(err, status, why, fmt, ap);
    va_end(ap);
    return status;
}

void isl_error_clear(isl_error *err)
{
    if (err) {
        err->status = ISL_OK;
        err->reason = ISL_R_NONE;
        err->msg[0] = '\0';
    }
}
