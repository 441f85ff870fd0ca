/*
 * CReceipt: the only header receipt-check compiles against OpenSSL with.
 *
 * Swift cannot call C function-like macros, variadic functions, or reach into
 * unions, so each such use gets a `static inline` wrapper named
 * `CReceipt_<C name>`. Deprecated OpenSSL API is compiled out so that a call
 * to it fails to build instead of silently working on one version only.
 */
#ifndef CRECEIPT_H
#define CRECEIPT_H

#define OPENSSL_API_COMPAT 0x30000000L
#define OPENSSL_NO_DEPRECATED 1

#include <openssl/opensslv.h>
#if OPENSSL_VERSION_MAJOR < 3
#error "receipt-check needs OpenSSL 3 (libssl-dev on Debian, openssl@3 on Homebrew)"
#endif

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/http.h>
#include <openssl/objects.h>
#include <openssl/ocsp.h>
#include <openssl/pem.h>
#include <openssl/pkcs7.h>
#include <openssl/proverr.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/* ---- Stacks of certificates (macros in OpenSSL 3) ---- */

static inline STACK_OF(X509) *CReceipt_sk_X509_new_null(void) { return sk_X509_new_null(); }

static inline int CReceipt_sk_X509_push(STACK_OF(X509) *stack, X509 *cert) { return sk_X509_push(stack, cert); }

static inline int CReceipt_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }

static inline X509 *CReceipt_sk_X509_value(const STACK_OF(X509) *stack, int index) {
    return sk_X509_value(stack, index);
}

/* Frees the stack only; the certificates stay owned by whoever pushed them. */
static inline void CReceipt_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }

/* Frees the stack and every certificate in it. */
static inline void CReceipt_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

/* Takes ownership of the chain OpenSSL built; free with CReceipt_sk_X509_pop_free. */
static inline STACK_OF(X509) *CReceipt_X509_STORE_CTX_get1_chain(X509_STORE_CTX *context) {
    return X509_STORE_CTX_get1_chain(context);
}

/* ---- Memory and BIOs ---- */

static inline void CReceipt_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

/* Returns the number of bytes in a memory BIO and points `data` at them (owned by the BIO). */
static inline long CReceipt_BIO_get_mem_data(BIO *bio, const void **data) {
    char *bytes = NULL;
    long length = BIO_get_mem_data(bio, &bytes);
    *data = bytes;
    return length;
}

/* ---- DER in and out, through void pointers so Swift binds no memory ---- */

static inline X509 *CReceipt_d2i_X509(const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    X509 *cert = d2i_X509(NULL, &cursor, length);
    /* Trailing bytes after the certificate mean the caller handed us something else. */
    if (cert != NULL && cursor != (const unsigned char *)der + length) {
        X509_free(cert);
        return NULL;
    }
    return cert;
}

/* Reads one PEM certificate from a buffer. */
static inline X509 *CReceipt_PEM_read_X509(const void *pem, int length) {
    BIO *bio = BIO_new_mem_buf(pem, length);
    if (bio == NULL) {
        return NULL;
    }
    X509 *cert = PEM_read_bio_X509(bio, NULL, NULL, NULL);
    BIO_free(bio);
    return cert;
}

/* ---- Online checks: OCSP responses, CRLs and the responder URLs a certificate names ---- */

static inline OCSP_RESPONSE *CReceipt_d2i_OCSP_RESPONSE(const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    OCSP_RESPONSE *response = d2i_OCSP_RESPONSE(NULL, &cursor, length);
    if (response != NULL && cursor != (const unsigned char *)der + length) {
        OCSP_RESPONSE_free(response);
        return NULL;
    }
    return response;
}

static inline X509_CRL *CReceipt_d2i_X509_CRL(const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    X509_CRL *crl = d2i_X509_CRL(NULL, &cursor, length);
    if (crl != NULL && cursor != (const unsigned char *)der + length) {
        X509_CRL_free(crl);
        return NULL;
    }
    return crl;
}

/* Reads one PEM CRL from a buffer. */
static inline X509_CRL *CReceipt_PEM_read_X509_CRL(const void *pem, int length) {
    BIO *bio = BIO_new_mem_buf(pem, length);
    if (bio == NULL) {
        return NULL;
    }
    X509_CRL *crl = PEM_read_bio_X509_CRL(bio, NULL, NULL, NULL);
    BIO_free(bio);
    return crl;
}

static inline int CReceipt_sk_OPENSSL_STRING_num(STACK_OF(OPENSSL_STRING) *stack) {
    return sk_OPENSSL_STRING_num(stack);
}

static inline const char *CReceipt_sk_OPENSSL_STRING_value(STACK_OF(OPENSSL_STRING) *stack, int index) {
    return sk_OPENSSL_STRING_value(stack, index);
}

/* ---- Names ---- */

/* RFC 2253 text (`CN=...,O=...`), keeping UTF-8 as is rather than escaping it. */
static inline unsigned long CReceipt_name_print_flags(void) { return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB; }

/* ---- Errors: one entry of the queue with its file, line and data string ---- */

static inline unsigned long CReceipt_ERR_get_error_all(const char **file, int *line, const char **function,
                                                        const char **data, int *flags) {
    return ERR_get_error_all(file, line, function, data, flags);
}

/* ---- Signing: test PKI and make-receipt ---- */

/* EVP_PKEY_Q_keygen is variadic; for "RSA" its one extra argument is the modulus size in bits. */
static inline EVP_PKEY *CReceipt_EVP_PKEY_Q_keygen(size_t bits) {
    return EVP_PKEY_Q_keygen(NULL, NULL, "RSA", bits);
}

/* For "EC" the extra argument is the curve name: P-256 for ES256; tests pass others to make leaves to refuse. */
static inline EVP_PKEY *CReceipt_EVP_PKEY_Q_keygen_EC(const char *curve) {
    return EVP_PKEY_Q_keygen(NULL, NULL, "EC", curve);
}

/*
 * Builds one standard extension from its openssl.cnf-style text ("critical,CA:TRUE", "hash",
 * "keyid:always"). The context struct and X509V3_set_ctx_nodb (a macro) stay on this side.
 */
static inline X509_EXTENSION *CReceipt_X509V3_EXT_nconf_nid(X509 *issuer, X509 *subject, int nid,
                                                            const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, issuer, subject, NULL, NULL, 0);
    return X509V3_EXT_nconf_nid(NULL, &context, nid, value);
}

static inline int CReceipt_MBSTRING_UTF8(void) { return MBSTRING_UTF8; }

static inline int CReceipt_sk_PKCS7_SIGNER_INFO_num(const STACK_OF(PKCS7_SIGNER_INFO) *stack) {
    return sk_PKCS7_SIGNER_INFO_num(stack);
}

static inline PKCS7_SIGNER_INFO *CReceipt_sk_PKCS7_SIGNER_INFO_value(const STACK_OF(PKCS7_SIGNER_INFO) *stack,
                                                                     int index) {
    return sk_PKCS7_SIGNER_INFO_value(stack, index);
}

/* Reads one DER PKCS#7 from a buffer, rejecting trailing bytes like CReceipt_d2i_X509. */
static inline PKCS7 *CReceipt_d2i_PKCS7(const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    PKCS7 *p7 = d2i_PKCS7(NULL, &cursor, length);
    if (p7 != NULL && cursor != (const unsigned char *)der + length) {
        PKCS7_free(p7);
        return NULL;
    }
    return p7;
}

/* The signed attributes of a signer (a macro in OpenSSL 3); NULL when there are none. */
static inline STACK_OF(X509_ATTRIBUTE) *CReceipt_PKCS7_get_signed_attributes(PKCS7_SIGNER_INFO *info) {
    return PKCS7_get_signed_attributes(info);
}

/* The certificates embedded in a signedData, in stored order; owned by the PKCS7. */
static inline STACK_OF(X509) *CReceipt_PKCS7_get0_certificates(PKCS7 *p7) {
    if (p7 == NULL || !PKCS7_type_is_signed(p7) || p7->d.sign == NULL) {
        return NULL;
    }
    return p7->d.sign->cert;
}

/* ---- Signing keys: an unencrypted PKCS#8 PrivateKeyInfo, as App Store Connect issues .p8 files ---- */

/* Decodes DER PrivateKeyInfo only (no other key structure), rejecting trailing bytes; NULL otherwise. */
static inline EVP_PKEY *CReceipt_d2i_PKCS8_private_key(const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    PKCS8_PRIV_KEY_INFO *info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &cursor, length);
    if (info == NULL) {
        return NULL;
    }
    EVP_PKEY *key = NULL;
    if (cursor == (const unsigned char *)der + length) {
        key = EVP_PKCS82PKEY(info);
    }
    PKCS8_PRIV_KEY_INFO_free(info);
    return key;
}

/* ---- Benchmark baseline ---- */
/* The obvious OpenSSL path that receipt-bench measures ReceiptKit against: decode the whole
   PKCS#7 with d2i_PKCS7, then PKCS7_verify against a store of trusted roots checked at a fixed
   time. Any purpose is accepted, as Apple's receipt-signing leaf is not an S/MIME certificate. */

static inline X509_STORE *CReceipt_bench_store_new(int64_t at) {
    X509_STORE *store = X509_STORE_new();
    if (store == NULL) {
        return NULL;
    }
    X509_VERIFY_PARAM_set_time(X509_STORE_get0_param(store), (time_t)at);
    if (X509_STORE_set_purpose(store, X509_PURPOSE_ANY) != 1) {
        X509_STORE_free(store);
        return NULL;
    }
    return store;
}

/* Adds one DER root to the store; 1 on success. */
static inline int CReceipt_bench_store_add(X509_STORE *store, const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    X509 *root = d2i_X509(NULL, &cursor, length);
    if (root == NULL) {
        return 0;
    }
    int added = X509_STORE_add_cert(store, root);
    X509_free(root);
    return added;
}

/* d2i_PKCS7 + PKCS7_verify of one DER receipt; 1 when it verifies, 0 otherwise (queue cleared). */
static inline int CReceipt_bench_pkcs7_verify(X509_STORE *store, const void *der, long length) {
    const unsigned char *cursor = (const unsigned char *)der;
    PKCS7 *p7 = d2i_PKCS7(NULL, &cursor, length);
    if (p7 == NULL) {
        ERR_clear_error();
        return 0;
    }
    BIO *sink = BIO_new(BIO_s_null());
    int verified = sink != NULL && PKCS7_verify(p7, NULL, store, NULL, sink, PKCS7_BINARY) == 1;
    BIO_free(sink);
    PKCS7_free(p7);
    if (!verified) {
        ERR_clear_error();
    }
    return verified;
}

#endif /* CRECEIPT_H */
