/* warptex.h -- CPU texture and surface units with NVVM/PTX semantics */
#ifndef WARPTEX_H
#define WARPTEX_H

#include "warptex/types.h"
#include "warptex/status.h"
#include "warptex/resource.h"
#include "warptex/sparse.h"
#include "warptex/object.h"
#include "warptex/op.h"
#include "warptex/warp.h"
#include "warptex/batch.h"
#include "warptex/backend.h"
#include "warptex/nvvm.h"
#include "warptex/ptx.h"

#endif
